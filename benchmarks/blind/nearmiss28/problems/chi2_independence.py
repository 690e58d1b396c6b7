"""Pearson chi-square statistic of independence and Cramer's V for a batch of R x C contingency tables."""

import torch
import torch.nn as nn

num_tables = 64
num_rows = 5
num_cols = 7


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, tables: torch.Tensor) -> torch.Tensor:
        # tables: (B, R, C) float32 counts; returns (B, 2) float32 [chi2, V]
        b, r, c = tables.shape
        t = tables.double()
        row = t.sum(dim=2, keepdim=True)
        col = t.sum(dim=1, keepdim=True)
        n = t.sum(dim=(1, 2), keepdim=True)
        expected = row * col / n
        chi2 = ((t - expected) ** 2 / expected).sum(dim=(1, 2))
        v = torch.sqrt(chi2 / (n.view(-1) * (min(r, c) - 1)))
        return torch.stack([chi2, v], dim=1).float()


def get_inputs():
    b, r, c = num_tables, num_rows, num_cols
    pr = torch.rand(b, r, 1) + 0.2
    pc = torch.rand(b, 1, c) + 0.2
    assoc = 1.0 + 0.8 * torch.rand(b, r, c) * (torch.rand(b, 1, 1) < 0.6).float()
    lam = 40.0 * pr * pc * assoc
    return [(torch.poisson(lam) + 1.0).float()]


def get_init_inputs():
    return []
