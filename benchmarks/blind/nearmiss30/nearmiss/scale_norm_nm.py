"""Triton ScaleNorm: one program per row reduces the sum of squares and rescales the row by the learned
scalar."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _scale_norm_kernel(x_ptr, g_ptr, out_ptr, n_cols, stride_x, stride_o, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    g = tl.load(g_ptr)
    ss = tl.sum(x * x, axis=0)
    nrm = tl.maximum(tl.rsqrt(ss), eps)
    tl.store(out_ptr + row * stride_o + cols, g * x / nrm, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.g = nn.Parameter(torch.tensor(float(dim) ** 0.5))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, D = x.shape
        out = torch.empty_like(x)
        g = self.g.detach().reshape(1)
        _scale_norm_kernel[(B,)](x, g, out, D, x.stride(0), out.stride(0), self.eps, BLOCK=triton.next_power_of_2(D))
        return out
