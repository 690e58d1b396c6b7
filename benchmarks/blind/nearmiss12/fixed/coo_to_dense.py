"""Triton COO to dense: each nonzero is added into a zeroed dense matrix."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _coo_kernel(idx_ptr, val_ptr, out_ptr, nnz, n_cols, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < nnz
    r = tl.load(idx_ptr + offs, mask=mask, other=0)
    c = tl.load(idx_ptr + nnz + offs, mask=mask, other=0)
    v = tl.load(val_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + r * n_cols + c, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_rows, num_cols):
        super().__init__()
        self.num_rows = num_rows
        self.num_cols = num_cols

    def forward(self, indices: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        idx = indices.contiguous()
        v = values.contiguous()
        nnz = v.shape[0]
        out = torch.zeros((self.num_rows, self.num_cols), dtype=v.dtype, device=v.device)
        BLOCK = 1024
        _coo_kernel[(triton.cdiv(nnz, BLOCK),)](idx, v, out, nnz, self.num_cols, BLOCK=BLOCK)
        return out
