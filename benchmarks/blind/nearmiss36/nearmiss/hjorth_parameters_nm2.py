"""Hjorth activity, mobility and complexity: a mean pass, then centred chunked sums of the signal and its differences."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hjorth_kernel(x_ptr, out_ptr, n, stride_x, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row * stride_x
    s0 = tl.zeros([BLOCK], dtype=tl.float32)
    s1 = tl.zeros([BLOCK], dtype=tl.float32)
    s2 = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        i = start + tl.arange(0, BLOCK)
        x0 = tl.load(base + i, mask=i < n, other=0.0)
        x1 = tl.load(base + i + 1, mask=i + 1 < n, other=0.0)
        x2 = tl.load(base + i + 2, mask=i + 2 < n, other=0.0)
        s0 += x0
        s1 += tl.where(i + 1 < n, x1 - x0, 0.0)
        s2 += tl.where(i + 2 < n, x2 - 2.0 * x1 + x0, 0.0)
    m0 = tl.sum(s0, axis=0) / n
    m1 = tl.sum(s1, axis=0) / (n - 1)
    m2 = tl.sum(s2, axis=0) / (n - 2)
    q0 = tl.zeros([BLOCK], dtype=tl.float32)
    q1 = tl.zeros([BLOCK], dtype=tl.float32)
    q2 = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        i = start + tl.arange(0, BLOCK)
        x0 = tl.load(base + i, mask=i < n, other=0.0)
        x1 = tl.load(base + i + 1, mask=i + 1 < n, other=0.0)
        x2 = tl.load(base + i + 2, mask=i + 2 < n, other=0.0)
        c0 = tl.where(i < n, x0 - m0, 0.0)
        c1 = tl.where(i + 1 < n, x1 - x0 - m1, 0.0)
        c2 = tl.where(i + 2 < n, x2 - 2.0 * x1 + x0 - m2, 0.0)
        q0 += c0 * c0
        q1 += c1 * c1
        q2 += c2 * c2
    v0 = tl.sum(q0, axis=0) / n
    v1 = tl.sum(q1, axis=0) / (n - 1)
    v2 = tl.sum(q2, axis=0) / (n - 2)
    mob = v1 / v0
    comp = tl.sqrt(v2 / v1) / mob
    tl.store(out_ptr + row * 3 + 0, v0)
    tl.store(out_ptr + row * 3 + 1, mob)
    tl.store(out_ptr + row * 3 + 2, comp)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, n = x.shape
        out = torch.empty(b, 3, device=x.device, dtype=x.dtype)
        hjorth_kernel[(b,)](x, out, n, x.stride(0), BLOCK=256)
        return out
