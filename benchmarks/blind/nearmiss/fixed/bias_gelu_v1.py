"""Triton bias + exact GELU epilogue over a row-major (rows, features) activation."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_gelu_kernel(x_ptr, b_ptr, y_ptr, n_elements, n_cols, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs % n_cols, mask=mask, other=0.0)
    z = x + b
    y = 0.5 * z * (1.0 + tl.erf(z * 0.7071067811865476))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        bias_gelu_kernel[(triton.cdiv(n, BLOCK),)](x, bias, y, n, x.shape[-1], BLOCK=BLOCK)
        return y
