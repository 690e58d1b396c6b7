"""Poisson negative log-likelihood loss with log-rate input, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_rate: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.poisson_nll_loss(log_rate, target, log_input=True, full=False, reduction="mean")


def get_inputs():
    return [torch.randn(batch_size, dim) * 0.5 + 0.5, torch.rand(batch_size, dim) * 4.0]


def get_init_inputs():
    return []
