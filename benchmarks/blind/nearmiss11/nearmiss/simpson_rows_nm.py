"""Composite Simpson integration in Triton, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def simpson_kernel(y_ptr, out_ptr, N, stride, h3, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    k = tl.arange(0, BLOCK)
    mask = k < N
    y = tl.load(y_ptr + row * stride + k, mask=mask, other=0.0)
    w = tl.where((k == 0) | (k == N - 1), 1.0, tl.where(k % 2 == 1, 2.0, 4.0))
    s = tl.sum(tl.where(mask, w * y, 0.0), axis=0)
    tl.store(out_ptr + row, s * h3)


class ModelNew(nn.Module):
    def __init__(self, dx: float = 0.05):
        super().__init__()
        self.dx = dx

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        y = y.contiguous()
        B, N = y.shape
        out = torch.empty(B, device=y.device, dtype=y.dtype)
        simpson_kernel[(B,)](y, out, N, y.stride(0), self.dx / 3.0, BLOCK=triton.next_power_of_2(N))
        return out
