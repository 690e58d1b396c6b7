"""Triton fixed-point CORDIC (rotation mode) on int64 lanes; the arctangent table is read from memory."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

FRAC_BITS = 30
ATAN_TABLE = [int(round(math.atan(2.0 ** -i) * (1 << FRAC_BITS))) for i in range(40)]
GAIN_Q = int(round((1 << FRAC_BITS) / math.prod(math.sqrt(1.0 + 4.0 ** -i) for i in range(40))))


@triton.jit
def cordic_kernel(angle_ptr, atan_ptr, out_ptr, n, iters, gain, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    z = tl.load(angle_ptr + offs, mask=mask, other=0)
    x = tl.zeros([BLOCK], dtype=tl.int64) + gain
    y = tl.zeros([BLOCK], dtype=tl.int64)
    for i in range(0, iters):
        step = tl.load(atan_ptr + i)
        d = tl.where(z >= 0, 1, -1).to(tl.int64)
        xn = x - d * (y >> i)
        y = y + d * (xn >> i)
        x = xn
        z = z - d * step
    tl.store(out_ptr + offs * 2, x, mask=mask)
    tl.store(out_ptr + offs * 2 + 1, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, iters: int):
        super().__init__()
        self.iters = iters

    def forward(self, angle_q: torch.Tensor) -> torch.Tensor:
        angle_q = angle_q.contiguous()
        n = angle_q.numel()
        table = torch.tensor(ATAN_TABLE, dtype=torch.int64, device=angle_q.device)
        out = torch.empty(n, 2, device=angle_q.device, dtype=torch.int64)
        BLOCK = 256
        cordic_kernel[(triton.cdiv(n, BLOCK),)](angle_q, table, out, n, self.iters, GAIN_Q, BLOCK=BLOCK)
        return out
