"""Triton row log-sum-exp: one program per row, the whole row in one block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lse_kernel(x_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(1)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=-float("inf"))
    m = tl.max(x, axis=0)
    s = tl.sum(tl.exp(x - m), axis=0)
    tl.store(out_ptr + row, m + tl.log(s))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        lse_kernel[(n_rows,)](x, out, x.stride(0), n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return out
