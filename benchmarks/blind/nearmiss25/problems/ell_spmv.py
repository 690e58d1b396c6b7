"""ELLPACK sparse matrix times dense matrix: each row stores `slots` (value, column) pairs, unused slots have
column -1 and value 0. Y[r] = sum_k vals[r, k] * X[cols[r, k]] over the used slots."""

import torch
import torch.nn as nn

num_rows = 300
num_cols = 200
slots = 12
num_vecs = 20


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, vals: torch.Tensor, cols: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        valid = cols >= 0
        g = x[cols.clamp(min=0)]
        return (torch.where(valid, vals, torch.zeros_like(vals))[:, :, None] * g).sum(dim=1)


def get_inputs():
    nnz = torch.randint(1, slots + 1, (num_rows, 1))
    used = torch.arange(slots)[None, :] < nnz
    cols = torch.where(used, torch.randint(0, num_cols, (num_rows, slots)), torch.full((num_rows, slots), -1))
    vals = torch.where(used, torch.randn(num_rows, slots), torch.zeros(num_rows, slots))
    x = torch.randn(num_cols, num_vecs)
    return [vals, cols, x]


def get_init_inputs():
    return []
