"""Softmax over the stored values of every row of a CSR matrix (values, indptr); empty rows stay empty."""

import torch
import torch.nn as nn

num_rows = 40
max_row_nnz = 60


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, values: torch.Tensor, indptr: torch.Tensor) -> torch.Tensor:
        n_rows = indptr.shape[0] - 1
        counts = indptr[1:] - indptr[:-1]
        rows = torch.repeat_interleave(torch.arange(n_rows, device=values.device), counts)
        mx = torch.full((n_rows,), float("-inf"), dtype=values.dtype, device=values.device)
        mx = mx.scatter_reduce(0, rows, values, reduce="amax", include_self=True)
        e = torch.exp(values - mx[rows])
        den = torch.zeros(n_rows, dtype=values.dtype, device=values.device).index_add_(0, rows, e)
        return e / den[rows]


def get_inputs():
    counts = torch.randint(0, max_row_nnz + 1, (num_rows,))
    counts[0] = 0
    counts[1] = max_row_nnz
    counts[2] = 1
    indptr = torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(counts, 0)])
    values = 3.0 * torch.randn(int(indptr[-1]))
    return [values, indptr]


def get_init_inputs():
    return []
