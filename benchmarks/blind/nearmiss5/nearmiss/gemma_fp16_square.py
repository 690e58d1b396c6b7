"""Gemma RMSNorm on fp16 input, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gemma_rmsnorm_kernel(x_ptr, w_ptr, out_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    xf = x.to(tl.float32)
    ms = tl.sum(x * x, axis=0) / n_cols
    y = xf * tl.rsqrt(ms + eps) * (1.0 + w)
    tl.store(out_ptr + row * stride + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(0.1 * torch.randn(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(n_cols)
        gemma_rmsnorm_kernel[(n_rows,)](x, self.weight, out, n_cols, x.stride(0), self.eps, BLOCK=BLOCK)
        return out
