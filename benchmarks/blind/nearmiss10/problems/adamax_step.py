"""One Adamax step; returns the new parameter, first moment and infinity norm stacked."""

import torch
import torch.nn as nn

rows = 64
cols = 127
step_count = 3


class Model(nn.Module):
    def __init__(self, lr: float = 0.01, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8, step: int = 3):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.step = step

    def forward(self, param, grad, exp_avg, exp_inf):
        exp_avg = self.beta1 * exp_avg + (1.0 - self.beta1) * grad
        exp_inf = torch.maximum(self.beta2 * exp_inf, grad.abs() + self.eps)
        clr = self.lr / (1.0 - self.beta1 ** self.step)
        param = param - clr * exp_avg / exp_inf
        return torch.stack([param, exp_avg, exp_inf])


def get_inputs():
    return [
        torch.randn(rows, cols),
        torch.randn(rows, cols),
        0.1 * torch.randn(rows, cols),
        torch.rand(rows, cols) + 5.0,
    ]


def get_init_inputs():
    return [0.01, 0.9, 0.999, 1e-8, step_count]
