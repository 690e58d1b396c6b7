"""One FTRL-Proximal step (per-coordinate learning rates, L1 / L2 regularisation), as in click-through-rate
models: returns the new weights, the new z accumulator and the new squared-gradient sum, stacked."""

import torch
import torch.nn as nn

num_params = 3000


class Model(nn.Module):
    def __init__(self, alpha: float = 0.1, beta: float = 1.0, l1: float = 1.0, l2: float = 0.5):
        super().__init__()
        self.alpha = alpha
        self.beta = beta
        self.l1 = l1
        self.l2 = l2

    def forward(self, w, z, n, g):
        n_new = n + g * g
        sigma = (torch.sqrt(n_new) - torch.sqrt(n)) / self.alpha
        z_new = z + g - sigma * w
        denom = (self.beta + torch.sqrt(n_new)) / self.alpha + self.l2
        shrunk = -(z_new - torch.sign(z_new) * self.l1) / denom
        w_new = torch.where(z_new.abs() <= self.l1, torch.zeros_like(z_new), shrunk)
        return torch.stack([w_new, z_new, n_new])


def get_inputs():
    w = torch.randn(num_params) * 0.5
    z = torch.randn(num_params) * 1.5
    n = torch.rand(num_params) * 2.0 + 0.05
    g = torch.randn(num_params)
    return [w, z, n, g]


def get_init_inputs():
    return [0.1, 1.0, 1.0, 0.5]
