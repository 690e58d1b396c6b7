"""LayerNorm weight / bias gradients in Triton: each program owns a block of columns and walks
down the rows in chunks, accumulating both sums in a 2-D tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_param_grad_kernel(x_ptr, dy_ptr, mean_ptr, rstd_ptr, out_ptr, N, D,
                         BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_D + tl.arange(0, BLOCK_D)
    cmask = cols < D
    dg = tl.zeros([BLOCK_N, BLOCK_D], dtype=tl.float32)
    db = tl.zeros([BLOCK_N, BLOCK_D], dtype=tl.float32)
    num_iters = N // BLOCK_N
    for it in range(num_iters):
        rows = it * BLOCK_N + tl.arange(0, BLOCK_N)
        rmask = rows < N
        m2 = rmask[:, None] & cmask[None, :]
        offs = rows[:, None] * D + cols[None, :]
        x = tl.load(x_ptr + offs, mask=m2, other=0.0)
        dy = tl.load(dy_ptr + offs, mask=m2, other=0.0)
        mu = tl.load(mean_ptr + rows, mask=rmask, other=0.0)
        rs = tl.load(rstd_ptr + rows, mask=rmask, other=0.0)
        xhat = (x - mu[:, None]) * rs[:, None]
        dg += dy * xhat
        db += dy
    tl.store(out_ptr + cols, tl.sum(dg, axis=0), mask=cmask)
    tl.store(out_ptr + D + cols, tl.sum(db, axis=0), mask=cmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, dy, mean, rstd):
        x = x.contiguous()
        dy = dy.contiguous()
        n, d = x.shape
        out = torch.empty((2, d), dtype=x.dtype, device=x.device)
        BLOCK_D = 32
        ln_param_grad_kernel[(triton.cdiv(d, BLOCK_D),)](x, dy, mean.contiguous(), rstd.contiguous(), out,
                                                         n, d, BLOCK_N=32, BLOCK_D=BLOCK_D)
        return out
