"""Mamba-2 chunk preprocessing: dt = clamp(softplus(dt + dt_bias), min=dt_min), dA = dt * A, cumulative sum of dA inside each chunk, laid out (B, H, chunks, chunk)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
seq_len = 64
nheads = 6
chunk_size = 16


class Model(nn.Module):
    def __init__(self, nheads: int, chunk_size: int, dt_min: float = 1e-4):
        super().__init__()
        self.chunk_size = chunk_size
        self.dt_min = dt_min
        self.dt_bias = nn.Parameter(torch.randn(nheads) * 0.5)
        self.A_log = nn.Parameter(torch.rand(nheads) * 1.5)

    def forward(self, dt: torch.Tensor) -> torch.Tensor:
        B, L, H = dt.shape
        dt = F.softplus(dt + self.dt_bias)
        dt = torch.clamp(dt, min=self.dt_min)
        dA = dt * (-torch.exp(self.A_log))
        dA = dA.reshape(B, L // self.chunk_size, self.chunk_size, H).permute(0, 3, 1, 2)
        return torch.cumsum(dA, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, nheads)]


def get_init_inputs():
    return [nheads, chunk_size]
