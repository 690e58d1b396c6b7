"""Mamba-2 SSD decay matrix: exp of the segment sums of log-decays, exp(sum_{k=j+1..i} a_k) for j <= i, 0 above the diagonal."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
num_heads = 4
chunk_len = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor) -> torch.Tensor:
        T = a.size(-1)
        x = a[..., None].repeat(*([1] * a.dim()), T)
        mask = torch.tril(torch.ones(T, T, device=a.device, dtype=torch.bool), diagonal=-1)
        x = x.masked_fill(~mask, 0)
        x_segsum = torch.cumsum(x, dim=-2)
        mask = torch.tril(torch.ones(T, T, device=a.device, dtype=torch.bool), diagonal=0)
        x_segsum = x_segsum.masked_fill(~mask, -torch.inf)
        return torch.exp(x_segsum)


def get_inputs():
    return [-F.softplus(torch.randn(batch_size, num_heads, chunk_len)) * 0.5]


def get_init_inputs():
    return []
