"""Residual add with stochastic depth (per-sample drop path, given keep mask, surviving branches rescaled)."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 16
hidden = 96


class Model(nn.Module):
    def __init__(self, drop_prob: float):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x: torch.Tensor, residual: torch.Tensor, keep_mask: torch.Tensor) -> torch.Tensor:
        keep_prob = 1.0 - self.drop_prob
        return residual + x * keep_mask[:, None, None] / keep_prob


def get_inputs():
    keep = (torch.rand(batch_size) < 0.8).float()
    keep[0] = 1.0
    keep[1] = 0.0
    return [torch.randn(batch_size, seq_len, hidden), torch.randn(batch_size, seq_len, hidden), keep]


def get_init_inputs():
    return [0.2]
