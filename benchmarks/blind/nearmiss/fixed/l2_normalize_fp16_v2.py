"""Triton row L2-normalisation of a half-precision tensor: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2norm_kernel(x_ptr, y_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    xf = x.to(tl.float32)
    ss = tl.sum(xf * xf, axis=0)
    norm = tl.sqrt(ss)
    y = xf / tl.maximum(norm, eps)
    tl.store(y_ptr + row * stride + offs, y.to(tl.float16), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        l2norm_kernel[(n_rows,)](x, y, x.stride(0), n_cols, self.eps, BLOCK=triton.next_power_of_2(n_cols))
        return y
