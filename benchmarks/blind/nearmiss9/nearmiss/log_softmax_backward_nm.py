"""log_softmax input gradient in Triton: each program handles a 2-D tile of several rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_softmax_bwd_kernel(dy_ptr, y_ptr, out_ptr, n_rows, n_cols,
                           BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_D)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offs = rows[:, None] * n_cols + cols[None, :]
    dy = tl.load(dy_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    s = tl.sum(dy, axis=1)
    dx = dy - y * s[:, None]
    tl.store(out_ptr + offs, dx, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dy: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        dy = dy.contiguous()
        y = y.contiguous()
        rows, cols = dy.shape
        out = torch.empty_like(dy)
        BLOCK_R = 4
        log_softmax_bwd_kernel[(triton.cdiv(rows, BLOCK_R),)](dy, y, out, rows, cols, BLOCK_R=BLOCK_R,
                                                             BLOCK_D=triton.next_power_of_2(cols))
        return out
