"""Per-row skewness in Triton: one program per row, two passes over the row held in registers."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def skewness_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    m2 = tl.sum(d * d, axis=0) / n_cols
    m3 = tl.sum(d * d * d, axis=0) / n_cols
    tl.store(out_ptr + row, m3 / (m2 * tl.sqrt(m2)))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        out = torch.empty((rows,), dtype=x.dtype, device=x.device)
        skewness_kernel[(rows,)](x, out, cols, x.stride(0), BLOCK=triton.next_power_of_2(cols))
        return out
