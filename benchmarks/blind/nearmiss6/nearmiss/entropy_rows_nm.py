"""Softmax entropy per row: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def entropy_kernel(x_ptr, out_ptr, n_cols, x_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=float("-inf"))
    m = tl.max(x, axis=0)
    z = tl.where(mask, x - m, 0.0)
    e = tl.where(mask, tl.exp2(z * 0.6931471805599453), 0.0)
    s = tl.sum(e, axis=0)
    # H = log(s) - sum(e * z) / s
    h = tl.log(s) - tl.sum(e * z, axis=0) / s
    tl.store(out_ptr + row, h)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        n_rows, n_cols = logits.shape
        out = torch.empty(n_rows, dtype=logits.dtype, device=logits.device)
        entropy_kernel[(n_rows,)](logits, out, n_cols, logits.stride(0), BLOCK=triton.next_power_of_2(n_cols))
        return out
