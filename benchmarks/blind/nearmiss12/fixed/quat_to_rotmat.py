"""Triton quaternion to rotation matrix, one lane per quaternion."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _quat_kernel(q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    r = tl.load(q_ptr + offs * 4, mask=mask, other=1.0)
    i = tl.load(q_ptr + offs * 4 + 1, mask=mask, other=0.0)
    j = tl.load(q_ptr + offs * 4 + 2, mask=mask, other=0.0)
    k = tl.load(q_ptr + offs * 4 + 3, mask=mask, other=0.0)
    s = 2.0 / (r * r + i * i + j * j + k * k)
    o = out_ptr + offs * 9
    tl.store(o + 0, 1.0 - s * (j * j + k * k), mask=mask)
    tl.store(o + 1, s * (i * j - k * r), mask=mask)
    tl.store(o + 2, s * (i * k + j * r), mask=mask)
    tl.store(o + 3, s * (i * j + k * r), mask=mask)
    tl.store(o + 4, 1.0 - s * (i * i + k * k), mask=mask)
    tl.store(o + 5, s * (j * k - i * r), mask=mask)
    tl.store(o + 6, s * (i * k - j * r), mask=mask)
    tl.store(o + 7, s * (j * k + i * r), mask=mask)
    tl.store(o + 8, 1.0 - s * (i * i + j * j), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        n = q.shape[0]
        out = torch.empty((n, 3, 3), dtype=q.dtype, device=q.device)
        BLOCK = 512
        _quat_kernel[(triton.cdiv(n, BLOCK),)](q, out, n, BLOCK=BLOCK)
        return out
