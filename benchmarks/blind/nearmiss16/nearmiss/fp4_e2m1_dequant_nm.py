"""E2M1 (FP4) dequantisation in Triton: codes decoded arithmetically, (row, byte block) programs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _e2m1(code):
    e = (code >> 1) & 3
    mant = (code & 1).to(tl.float32)
    mag = tl.where(e == 0, mant * 0.5, (1.0 + mant * 0.5) * tl.exp2((e - 1).to(tl.float32)))
    return tl.where((code & 8) != 0, -mag, mag)


@triton.jit
def fp4_dequant_kernel(p_ptr, s_ptr, out_ptr, n_bytes, n_groups, GROUP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n_bytes
    byte = tl.load(p_ptr + row * n_bytes + offs, mask=m, other=0).to(tl.int32)
    lo = (byte >> 4) & 0xF
    hi = byte & 0xF
    c0 = offs * 2
    c1 = offs * 2 + 1
    s0 = tl.load(s_ptr + row * n_groups + c0 // GROUP, mask=m, other=0.0)
    s1 = tl.load(s_ptr + row * n_groups + c1 // GROUP, mask=m, other=0.0)
    tl.store(out_ptr + row * n_bytes * 2 + c0, _e2m1(lo) * s0, mask=m)
    tl.store(out_ptr + row * n_bytes * 2 + c1, _e2m1(hi) * s1, mask=m)


class ModelNew(nn.Module):
    def __init__(self, group_size):
        super().__init__()
        self.group_size = group_size

    def forward(self, packed: torch.Tensor, scales: torch.Tensor) -> torch.Tensor:
        packed = packed.contiguous()
        scales = scales.contiguous()
        r, nb = packed.shape
        out = torch.empty(r, nb * 2, device=packed.device, dtype=scales.dtype)
        BLOCK = 128
        fp4_dequant_kernel[(r, triton.cdiv(nb, BLOCK))](packed, scales, out, nb, scales.shape[1],
                                                         GROUP=self.group_size, BLOCK=BLOCK)
        return out
