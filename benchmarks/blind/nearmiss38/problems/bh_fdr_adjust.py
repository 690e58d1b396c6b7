"""Benjamini-Hochberg adjusted p-values (step-up FDR), row-wise, as statsmodels' fdr_bh."""

import torch
import torch.nn as nn

batch_size = 4
num_tests = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p: torch.Tensor) -> torch.Tensor:
        n = p.shape[1]
        sp, order = torch.sort(p, dim=1, stable=True)
        ranks = torch.arange(1, n + 1, device=p.device, dtype=p.dtype)
        q = sp * n / ranks
        q = torch.flip(torch.cummin(torch.flip(q, dims=[1]), dim=1).values, dims=[1])
        q = torch.clamp(q, max=1.0)
        out = torch.empty_like(p)
        out.scatter_(1, order, q)
        return out


def get_inputs():
    u = torch.rand(batch_size, num_tests)
    signal = torch.rand(batch_size, num_tests) < 0.3
    p = torch.where(signal, u * 0.02, u)
    p = torch.clamp(torch.ceil(p * 512.0), min=1.0) / 512.0
    return [p]


def get_init_inputs():
    return []
