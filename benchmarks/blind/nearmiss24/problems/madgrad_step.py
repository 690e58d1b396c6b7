"""One MADGRAD step (dual averaging with a cube-root denominator and momentum towards the dual iterate), as in
facebookresearch/madgrad without weight decay: returns the new parameters, gradient sum and squared-gradient sum."""

import torch
import torch.nn as nn

num_params = 3000
step = 9


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 0.01, momentum: float = 0.9, eps: float = 1e-6):
        super().__init__()
        self.step = step
        self.lr = lr
        self.momentum = momentum
        self.eps = eps

    def forward(self, x, x0, s, nu, g):
        ck = 1.0 - self.momentum
        lamb = self.lr * (self.step + 1) ** 0.5
        s_new = s + lamb * g
        nu_new = nu + lamb * g * g
        rms = nu_new.pow(1.0 / 3.0) + self.eps
        z = x0 - s_new / rms
        x_new = (1.0 - ck) * x + ck * z
        return torch.stack([x_new, s_new, nu_new])


def get_inputs():
    x = torch.randn(num_params)
    x0 = x + torch.randn(num_params) * 0.1
    s = torch.randn(num_params) * 0.05
    nu = torch.rand(num_params) * 0.01 + 1e-4
    g = torch.randn(num_params)
    return [x, x0, s, nu, g]


def get_init_inputs():
    return [step]
