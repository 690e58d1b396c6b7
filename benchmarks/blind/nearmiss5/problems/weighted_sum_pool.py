"""Weighted sum pooling over time: out[b, d] = sum_t w[b, t] * x[b, t, d]."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 20
dim = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return (x * w[:, :, None]).sum(dim=1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim), torch.rand(batch_size, seq_len)]


def get_init_inputs():
    return []
