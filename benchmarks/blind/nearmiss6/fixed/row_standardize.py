"""Row standardisation with the unbiased std: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_standardize_kernel(x_ptr, out_ptr, n_cols, x_stride, out_stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / (n_cols - 1)
    y = d / (tl.sqrt(var) + eps)
    tl.store(out_ptr + row * out_stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        row_standardize_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), self.eps,
                                          BLOCK=triton.next_power_of_2(n_cols))
        return out
