"""Batched 1-D full convolution of signals with per-row filters (torchaudio.functional.convolve,
mode="full"): output length N + M - 1."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
channels = 2
signal_len = 157
filter_len = 23


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        B, C, N = x.shape
        M = h.shape[-1]
        xp = F.pad(x.reshape(1, B * C, N), (M - 1, M - 1))
        y = F.conv1d(xp, h.reshape(B * C, 1, M).flip(-1), groups=B * C)
        return y.reshape(B, C, N + M - 1)


def get_inputs():
    x = torch.randn(batch_size, channels, signal_len)
    h = torch.randn(batch_size, channels, filter_len)
    return [x, h]


def get_init_inputs():
    return []
