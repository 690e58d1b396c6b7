"""Triton RMSNorm forward: each program normalises a tile of ROWS rows at once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rms_norm_fwd(X, W, Y, n_rows, n_cols, stride_row, eps, ROWS: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * stride_row + cols[None, :]
    x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
    ms = tl.sum(x * x, axis=1) / n_cols
    inv = tl.rsqrt(ms + eps)
    w = tl.load(W + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    y = x * inv[:, None] * w[None, :]
    tl.store(Y + offs, y.to(Y.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        n_cols = x.shape[-1]
        x2d = x.reshape(-1, n_cols).contiguous()
        n_rows = x2d.shape[0]
        y = torch.empty_like(x2d)
        ROWS = 4
        BLOCK_N = triton.next_power_of_2(n_cols)
        grid = (triton.cdiv(n_rows, ROWS),)
        rms_norm_fwd[grid](x2d, weight, y, n_rows, n_cols, x2d.stride(0), self.eps, ROWS=ROWS, BLOCK_N=BLOCK_N)
        return y.view_as(x)
