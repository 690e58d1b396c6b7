"""One Rprop step; returns the new parameter, step sizes and stored gradient stacked."""

import torch
import torch.nn as nn

rows = 64
cols = 131


class Model(nn.Module):
    def __init__(self, etaminus: float = 0.5, etaplus: float = 1.2, step_min: float = 1e-6, step_max: float = 50.0):
        super().__init__()
        self.etaminus = etaminus
        self.etaplus = etaplus
        self.step_min = step_min
        self.step_max = step_max

    def forward(self, param, grad, prev, step_size):
        s = (grad * prev).sign()
        fac = torch.where(s > 0, torch.full_like(s, self.etaplus),
                          torch.where(s < 0, torch.full_like(s, self.etaminus), torch.ones_like(s)))
        step_size = (step_size * fac).clamp(self.step_min, self.step_max)
        grad = torch.where(s < 0, torch.zeros_like(grad), grad)
        param = param - grad.sign() * step_size
        return torch.stack([param, step_size, grad])


def get_inputs():
    return [
        torch.randn(rows, cols),
        torch.randn(rows, cols),
        torch.randn(rows, cols),
        torch.rand(rows, cols) * 2.0 + 0.5,
    ]


def get_init_inputs():
    return [0.5, 1.2, 1e-6, 50.0]
