"""Loudness of fp16 signals: mean power of each row in decibels, computed in fp32."""

import torch
import torch.nn as nn

batch_size = 6
length = 8191


class Model(nn.Module):
    """10 * log10(mean(x^2) + 1e-10) per row; fp16 input, fp32 output."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float()
        return 10.0 * torch.log10((xf * xf).mean(dim=-1) + 1e-10)


def get_inputs():
    return [(4.0 * torch.randn(batch_size, length)).half()]


def get_init_inputs():
    return []
