"""Segmented running sum along rows: a nonzero flag starts a new segment at that position."""

import torch
import torch.nn as nn

batch_size = 12
length = 255


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, flags: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        acc = torch.zeros(x.shape[0], dtype=x.dtype)
        for t in range(x.shape[1]):
            acc = torch.where(flags[:, t] != 0, x[:, t], acc + x[:, t])
            out[:, t] = acc
        return out


def get_inputs():
    x = torch.randn(batch_size, length)
    flags = (torch.rand(batch_size, length) < 0.08).to(torch.int32)
    return [x, flags]


def get_init_inputs():
    return []
