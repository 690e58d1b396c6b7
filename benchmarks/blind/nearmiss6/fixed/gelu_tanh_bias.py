"""Bias add + tanh-GELU: one program per row, bias broadcast over rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_gelu_tanh_kernel(x_ptr, b_ptr, out_ptr, n_cols, x_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    h = x + b
    u = 0.7978845608028654 * (h + 0.044715 * h * h * h)
    # tanh(u) = 1 - 2 / (exp(2u) + 1), finite for large |u|
    th = 1.0 - 2.0 / (tl.exp(2.0 * u) + 1.0)
    y = 0.5 * h * (1.0 + th)
    tl.store(out_ptr + row * out_stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, features: int):
        super().__init__()
        self.bias = nn.Parameter(0.1 * torch.randn(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        bias_gelu_tanh_kernel[(n_rows,)](x, self.bias, out, n_cols, x.stride(0), out.stride(0),
                                         BLOCK=triton.next_power_of_2(n_cols))
        return out
