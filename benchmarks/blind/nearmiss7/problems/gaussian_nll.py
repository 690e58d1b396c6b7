"""Gaussian negative log-likelihood loss (full=False, eps=1e-6), mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
dim = 513


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mean: torch.Tensor, target: torch.Tensor, var: torch.Tensor) -> torch.Tensor:
        return F.gaussian_nll_loss(mean, target, var, full=False, eps=1e-6, reduction="mean")


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), torch.rand(batch_size, dim) + 0.05]


def get_init_inputs():
    return []
