"""adaLN modulation: one program per token row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def modulate_kernel(x_ptr, shift_ptr, scale_ptr, out_ptr, T, D, B, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    b = row // T
    d = tl.arange(0, BLOCK)
    mask = d < D
    x = tl.load(x_ptr + row * D + d, mask=mask, other=0.0)
    sh = tl.load(shift_ptr + b * D + d, mask=mask, other=0.0)
    sc = tl.load(scale_ptr + b * D + d, mask=mask, other=0.0)
    tl.store(out_ptr + row * D + d, x * (1.0 + sc) + sh, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, shift: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        shift = shift.contiguous()
        scale = scale.contiguous()
        B, T, D = x.shape
        out = torch.empty_like(x)
        modulate_kernel[(B * T,)](x, shift, scale, out, T, D, B, BLOCK=triton.next_power_of_2(D))
        return out
