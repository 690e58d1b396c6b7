"""Simulated e4m3-range fake quantization: one program per row (abs-max, scale, round, clamp)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fake_quant_kernel(x_ptr, out_ptr, n_cols, stride, QMAX: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    amax = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-12)
    inv = QMAX / amax
    q = tl.floor(x * inv + 0.5)
    q = tl.minimum(tl.maximum(q, -QMAX), QMAX - 1)
    tl.store(out_ptr + row * stride + cols, q / inv, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        fake_quant_kernel[(n_rows,)](x, out, n_cols, x.stride(0), QMAX=448.0,
                                     BLOCK=triton.next_power_of_2(n_cols))
        return out
