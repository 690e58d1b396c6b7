"""Triton quaternion product (w, x, y, z layout), one lane per quaternion pair."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def quat_mul_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    w1 = tl.load(a_ptr + offs * 4, mask=m, other=0.0)
    x1 = tl.load(a_ptr + offs * 4 + 1, mask=m, other=0.0)
    y1 = tl.load(a_ptr + offs * 4 + 2, mask=m, other=0.0)
    z1 = tl.load(a_ptr + offs * 4 + 3, mask=m, other=0.0)
    w2 = tl.load(b_ptr + offs * 4, mask=m, other=0.0)
    x2 = tl.load(b_ptr + offs * 4 + 1, mask=m, other=0.0)
    y2 = tl.load(b_ptr + offs * 4 + 2, mask=m, other=0.0)
    z2 = tl.load(b_ptr + offs * 4 + 3, mask=m, other=0.0)
    w = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2
    x = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2
    y = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2
    z = w1 * z2 + y1 * x2 - x1 * y2 + z1 * w2
    tl.store(out_ptr + offs * 4, w, mask=m)
    tl.store(out_ptr + offs * 4 + 1, x, mask=m)
    tl.store(out_ptr + offs * 4 + 2, y, mask=m)
    tl.store(out_ptr + offs * 4 + 3, z, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q1: torch.Tensor, q2: torch.Tensor) -> torch.Tensor:
        q1 = q1.contiguous()
        q2 = q2.contiguous()
        n = q1.shape[0]
        out = torch.empty_like(q1)
        BLOCK = 512
        quat_mul_kernel[(triton.cdiv(n, BLOCK),)](q1, q2, out, n, BLOCK=BLOCK)
        return out
