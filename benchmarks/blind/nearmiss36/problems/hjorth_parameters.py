"""Hjorth parameters of EEG-like signals: activity, mobility and complexity per row."""

import torch
import torch.nn as nn

batch_size = 6
length = 1500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        d1 = x[:, 1:] - x[:, :-1]
        d2 = d1[:, 1:] - d1[:, :-1]
        v0 = x.var(dim=1, unbiased=False)
        v1 = d1.var(dim=1, unbiased=False)
        v2 = d2.var(dim=1, unbiased=False)
        mobility = torch.sqrt(v1 / v0)
        complexity = torch.sqrt(v2 / v1) / mobility
        return torch.stack([v0, mobility, complexity], dim=1)


def get_inputs():
    n = torch.arange(length, dtype=torch.float32)
    f = 0.01 + 0.05 * torch.rand(batch_size, 1)
    x = 3.0 + torch.sin(2 * torch.pi * f * n) + 0.3 * torch.randn(batch_size, length)
    return [x]


def get_init_inputs():
    return []
