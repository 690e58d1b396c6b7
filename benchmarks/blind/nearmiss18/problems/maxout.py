"""Maxout over channels (Goodfellow et al.): channel group c of k consecutive channels
(c * k .. c * k + k - 1) is reduced by max, (B, C * k, L) -> (B, C, L)."""

import torch
import torch.nn as nn

batch_size = 4
out_channels = 12
pool_size = 3
length = 100


class Model(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, ck, l = x.shape
        return x.view(b, ck // self.k, self.k, l).amax(dim=2)


def get_inputs():
    return [torch.randn(batch_size, out_channels * pool_size, length)]


def get_init_inputs():
    return [pool_size]
