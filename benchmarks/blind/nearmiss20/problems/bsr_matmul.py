"""Block-sparse (BSR) matrix times dense matrix (block-sparse weights, torch.sparse_bsr layout).

The sparse matrix has block_rows x block_cols blocks of block_size x block_size, stored as
crow_indices (block_rows + 1), col_indices (nnz blocks) and values (nnz, block_size, block_size).
"""

import torch
import torch.nn as nn

block_rows = 6
block_cols = 5
block_size = 16
n_cols = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, crow_indices, col_indices, values, dense):
        bs = values.shape[1]
        n_brows = crow_indices.numel() - 1
        out = torch.zeros(n_brows * bs, dense.shape[1], dtype=dense.dtype, device=dense.device)
        crow = crow_indices.tolist()
        cols = col_indices.tolist()
        for r in range(n_brows):
            for p in range(crow[r], crow[r + 1]):
                c = cols[p]
                out[r * bs:(r + 1) * bs] += values[p] @ dense[c * bs:(c + 1) * bs]
        return out


def get_inputs():
    mask = torch.rand(block_rows, block_cols) < 0.45
    mask[0] = True
    mask[2] = False
    mask[3, 1] = True
    crow = torch.zeros(block_rows + 1, dtype=torch.int64)
    crow[1:] = torch.cumsum(mask.sum(1), 0)
    col = mask.nonzero()[:, 1].contiguous()
    values = torch.randn(col.numel(), block_size, block_size) / 4.0
    dense = torch.randn(block_cols * block_size, n_cols)
    return [crow, col, values, dense]


def get_init_inputs():
    return []
