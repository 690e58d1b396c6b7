"""Cauchy (Lorentzian) robust regression loss, mean over all elements."""

import torch
import torch.nn as nn

batch_size = 32
dim = 301
scale = 0.7


class Model(nn.Module):
    def __init__(self, c: float):
        super().__init__()
        self.c = c

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        d = pred - target
        return (0.5 * self.c * self.c * torch.log1p((d / self.c) ** 2)).mean()


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [scale]
