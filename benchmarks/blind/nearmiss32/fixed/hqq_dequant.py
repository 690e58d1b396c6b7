"""Triton HQQ 4-bit dequantisation: one program per output row, nibbles unpacked in registers, per-group zero and scale gathered."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _hqq_dequant_kernel(w_ptr, scale_ptr, zero_ptr, out_ptr, IN, NG, GS, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < IN
    byte = tl.load(w_ptr + row * (IN // 2) + cols // 2, mask=mask, other=0).to(tl.int32)
    shift = (cols % 2) * 4
    q = (byte >> shift) & 15
    g = cols // GS
    s = tl.load(scale_ptr + row * NG + g, mask=mask, other=0.0)
    z = tl.load(zero_ptr + row * NG + g, mask=mask, other=0.0)
    out = (q.to(tl.float32) - z) * s
    tl.store(out_ptr + row * IN + cols, out, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, group_size: int):
        super().__init__()
        self.group_size = group_size

    def forward(self, w_packed, scale, zero):
        w_packed = w_packed.contiguous()
        OUT = w_packed.shape[0]
        IN = w_packed.shape[1] * 2
        NG = IN // self.group_size
        out = torch.empty(OUT, IN, device=w_packed.device, dtype=torch.float32)
        _hqq_dequant_kernel[(OUT,)](w_packed, scale.contiguous(), zero.contiguous(), out, IN, NG, self.group_size,
                                    BLOCK=triton.next_power_of_2(IN))
        return out
