"""Padé activation unit (safe PAU): P(x) / (1 + |x (b1 + b2 x + b3 x^2 + b4 x^3)|), numerator degree 5."""

import torch
import torch.nn as nn

batch_size = 16
dim = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.numerator = nn.Parameter(torch.randn(6) * 0.3 + torch.tensor([0.0, 1.0, 0.5, 0.0, 0.0, 0.0]))
        self.denominator = nn.Parameter(torch.randn(4) * 0.3)

    def forward(self, x):
        num = torch.zeros_like(x)
        for i in range(5, -1, -1):
            num = num * x + self.numerator[i]
        den = torch.zeros_like(x)
        for i in range(4, 0, -1):
            den = (den + self.denominator[i - 1]) * x
        return num / (1.0 + den.abs())


def get_inputs():
    return [torch.randn(batch_size, dim) * 1.5]


def get_init_inputs():
    return []
