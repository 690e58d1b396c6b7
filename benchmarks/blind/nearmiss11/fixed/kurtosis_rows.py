"""Row excess kurtosis in Triton, one program per row holding the whole row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kurtosis_kernel(x_ptr, out_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / N
    d = tl.where(mask, x - mean, 0.0)
    d2 = d * d
    m2 = tl.sum(d2, axis=0) / N
    m4 = tl.sum(d2 * d2, axis=0) / N
    tl.store(out_ptr + row, m4 / (m2 * m2) - 3.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, N = x.shape
        out = torch.empty(B, device=x.device, dtype=x.dtype)
        kurtosis_kernel[(B,)](x, out, N, x.stride(0), BLOCK=triton.next_power_of_2(N))
        return out
