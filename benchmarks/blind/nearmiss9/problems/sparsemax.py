"""Sparsemax over the last dim (Euclidean projection onto the probability simplex)."""

import torch
import torch.nn as nn

batch_size = 64
dim = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        zs, _ = torch.sort(z, dim=1, descending=True)
        k = torch.arange(1, z.shape[1] + 1, dtype=z.dtype)
        cs = zs.cumsum(1)
        support = 1.0 + k * zs > cs
        kz = support.sum(1, keepdim=True)
        tau = (cs.gather(1, kz - 1) - 1.0) / kz.to(z.dtype)
        return torch.clamp(z - tau, min=0.0)


def get_inputs():
    return [torch.randn(batch_size, dim) * 1.5]


def get_init_inputs():
    return []
