"""Triton renorm along dim 0: one program per row computes its norm and the clipping factor."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def renorm_kernel(x_ptr, out_ptr, n_cols, stride_x, stride_o, maxnorm, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    norm = tl.sqrt(tl.sum(x * x, axis=0))
    scale = maxnorm / (norm + 1e-7)
    tl.store(out_ptr + row * stride_o + cols, x * scale, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, maxnorm: float = 1.0):
        super().__init__()
        self.maxnorm = maxnorm

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        renorm_kernel[(n_rows,)](
            x, out, n_cols, x.stride(0), out.stride(0), self.maxnorm, BLOCK=triton.next_power_of_2(n_cols)
        )
        return out
