"""Sparse (CSR) matrix times dense vector."""

import torch
import torch.nn as nn

num_rows = 200
num_cols = 16384
max_row_nnz = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, crow: torch.Tensor, col: torch.Tensor, val: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        n = crow.numel() - 1
        counts = crow[1:] - crow[:-1]
        row_ids = torch.repeat_interleave(torch.arange(n), counts)
        return torch.zeros(n, dtype=val.dtype).index_add_(0, row_ids, val * x[col])


def get_inputs():
    counts = torch.randint(0, max_row_nnz + 1, (num_rows,))
    crow = torch.zeros(num_rows + 1, dtype=torch.int64)
    crow[1:] = torch.cumsum(counts, 0)
    nnz = int(crow[-1])
    col = torch.randint(0, num_cols, (nnz,))
    val = torch.randn(nnz)
    x = torch.randn(num_cols)
    return [crow, col, val, x]


def get_init_inputs():
    return []
