"""Gated grouped RMSNorm (Mamba-2 style): RMS-normalise x * silu(z) within channel groups, then scale."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 40
dim = 320
group_size = 64


class Model(nn.Module):
    def __init__(self, dim, group_size, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(dim))
        self.group_size = group_size
        self.eps = eps

    def forward(self, x: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        n, d = x.shape
        h = (x * F.silu(z)).view(n, d // self.group_size, self.group_size)
        rstd = torch.rsqrt(h.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        return (h * rstd).view(n, d) * self.weight


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim, group_size, 1e-5]
