"""Triton PolyNorm: a tile of rows per program, three RMS statistics per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def poly_norm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, n_rows, n_cols, stride_x, stride_o, eps,
                     BLOCK_R: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK)
    m = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride_x + cols[None, :], mask=m, other=0.0)
    x2 = x * x
    x3 = x2 * x
    r1 = 1.0 / tl.sqrt(tl.sum(x * x, axis=1) / n_cols + eps)
    r2 = 1.0 / tl.sqrt(tl.sum(x2 * x2, axis=1) / n_cols + eps)
    r3 = 1.0 / (tl.sqrt(tl.sum(x3 * x3, axis=1) / n_cols) + eps)
    w0 = tl.load(w_ptr)
    w1 = tl.load(w_ptr + 1)
    w2 = tl.load(w_ptr + 2)
    b = tl.load(b_ptr)
    y = w0 * x3 * r3[:, None] + w1 * x2 * r2[:, None] + w2 * x * r1[:, None] + b
    tl.store(out_ptr + rows[:, None] * stride_o + cols[None, :], y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(3))
        self.bias = nn.Parameter(torch.randn(1))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        BLOCK_R = 8
        poly_norm_kernel[(triton.cdiv(n_rows, BLOCK_R),)](x, self.weight.detach(), self.bias.detach(), out,
                                                          n_rows, n_cols, x.stride(0), out.stride(0), self.eps,
                                                          BLOCK_R=BLOCK_R, BLOCK=triton.next_power_of_2(n_cols))
        return out
