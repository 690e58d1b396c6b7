"""Triton time masking: 2-D grid of (example, frame block), all frequencies of the block in one tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def time_mask_kernel(x_ptr, s_ptr, w_ptr, out_ptr, F, T, value, BLOCK_F: tl.constexpr, BLOCK_T: tl.constexpr):
    b = tl.program_id(0)
    t = tl.program_id(1) * BLOCK_T + tl.arange(0, BLOCK_T)
    f = tl.arange(0, BLOCK_F)
    m = (f[:, None] < F) & (t[None, :] < T)
    offs = b * F * T + f[:, None] * T + t[None, :]
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    start = tl.load(s_ptr + b)
    end = start + tl.load(w_ptr + b)
    hit = (t > start) & (t < end)
    y = tl.where(hit[None, :], value, x)
    tl.store(out_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, mask_value: float):
        super().__init__()
        self.mask_value = mask_value

    def forward(self, spec, starts, widths):
        spec = spec.contiguous()
        B, F, T = spec.shape
        out = torch.empty_like(spec)
        BLOCK_T = 32
        time_mask_kernel[(B, triton.cdiv(T, BLOCK_T))](spec, starts.contiguous(), widths.contiguous(), out, F, T,
                                                      self.mask_value, BLOCK_F=triton.next_power_of_2(F),
                                                      BLOCK_T=BLOCK_T)
        return out
