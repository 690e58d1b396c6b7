"""Logit (inverse sigmoid) with the input clamped to [eps, 1 - eps]."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1000
eps = 0.01


class Model(nn.Module):
    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.logit(x, eps=self.eps)


def get_inputs():
    return [torch.rand(batch_size, dim)]


def get_init_inputs():
    return [eps]
