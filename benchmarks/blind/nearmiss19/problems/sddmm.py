"""Sampled dense-dense matrix multiplication: for every stored entry (i, j, val) of a sparse COO pattern,
val * (A[i, :] . B[:, j])."""

import torch
import torch.nn as nn

m_rows = 50
k_dim = 64
n_cols = 80
nnz = 400


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, rows, cols, vals):
        return vals * (a[rows] * b[:, cols].t()).sum(dim=1)


def get_inputs():
    a = torch.randn(m_rows, k_dim)
    b = torch.randn(k_dim, n_cols)
    rows = torch.randint(0, m_rows, (nnz,))
    cols = torch.randint(0, n_cols, (nnz,))
    vals = torch.randn(nnz)
    return [a, b, rows, cols, vals]


def get_init_inputs():
    return []
