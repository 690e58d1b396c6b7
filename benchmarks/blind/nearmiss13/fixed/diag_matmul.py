"""Triton diag(A) @ B: square (row, column) tiles scaled row by row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def diag_matmul_kernel(a_ptr, b_ptr, out_ptr, N, M, stride_b, stride_o, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    rm = rows < N
    m = rm[:, None] & (cols[None, :] < M)
    a = tl.load(a_ptr + rows, mask=rm, other=0.0)
    bt = tl.load(b_ptr + rows[:, None] * stride_b + cols[None, :], mask=m, other=0.0)
    y = a[:, None] * bt
    tl.store(out_ptr + rows[:, None] * stride_o + cols[None, :], y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        B = B.contiguous()
        N, M = B.shape
        out = torch.empty_like(B)
        BLOCK = 32
        grid = (triton.cdiv(N, BLOCK), triton.cdiv(M, BLOCK))
        diag_matmul_kernel[grid](A, B, out, N, M, B.stride(0), out.stride(0), BLOCK=BLOCK)
        return out
