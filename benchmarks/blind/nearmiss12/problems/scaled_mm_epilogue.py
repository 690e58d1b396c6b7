"""Dequantising epilogue of an int8 GEMM: int32 accumulator times per-row and per-column scales, plus bias."""

import torch
import torch.nn as nn

m_rows = 96
n_cols = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, acc, row_scale, col_scale, bias):
        return acc.float() * row_scale[:, None] * col_scale[None, :] + bias[None, :]


def get_inputs():
    acc = torch.randint(-30000, 30000, (m_rows, n_cols), dtype=torch.int32)
    row_scale = torch.rand(m_rows) * 0.01 + 0.001
    col_scale = torch.rand(n_cols) * 0.01 + 0.001
    bias = torch.randn(n_cols)
    return [acc, row_scale, col_scale, bias]


def get_init_inputs():
    return []
