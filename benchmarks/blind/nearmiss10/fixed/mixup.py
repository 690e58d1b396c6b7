"""Triton mixup: each program blends one row with the row its permutation index names."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mixup_kernel(x_ptr, perm_ptr, out_ptr, n_cols, stride_x, stride_o, lam, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    pid = tl.program_id(1)
    cols = pid * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    src = tl.load(perm_ptr + row)
    a = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    b = tl.load(x_ptr + src * stride_x + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * stride_o + cols, lam * a + (1.0 - lam) * b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lam: float):
        super().__init__()
        self.lam = lam

    def forward(self, x: torch.Tensor, perm: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        BLOCK = 128
        mixup_kernel[(n_rows, triton.cdiv(n_cols, BLOCK))](
            x, perm, out, n_cols, x.stride(0), out.stride(0), self.lam, BLOCK=BLOCK
        )
        return out
