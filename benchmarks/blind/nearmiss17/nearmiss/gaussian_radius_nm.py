"""Triton CenterNet Gaussian radius, one thread lane per box."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gaussian_radius_kernel(sz_ptr, out_ptr, n, sz_s0, m_ov, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    msk = offs < n
    h = tl.load(sz_ptr + offs * sz_s0, mask=msk, other=1.0)
    w = tl.load(sz_ptr + offs * sz_s0 + 1, mask=msk, other=1.0)
    b1 = h + w
    c1 = w * h * (1.0 - m_ov) / (1.0 + m_ov)
    r1 = (b1 + tl.sqrt(b1 * b1 - 4.0 * c1)) / 2.0
    b2 = 2.0 * (h + w)
    c2 = (1.0 - m_ov) * w * h
    r2 = (b2 + tl.sqrt(b2 * b2 - 16.0 * c2)) / 2.0
    a3 = 4.0 * m_ov
    b3 = 2.0 * m_ov * (h + w)
    c3 = (m_ov - 1.0) * w * h
    r3 = (b3 + tl.sqrt(b3 * b3 - 4.0 * a3 * c3)) / 2.0
    r = tl.minimum(tl.minimum(r1, r2), r3)
    tl.store(out_ptr + offs, r, mask=msk)


class ModelNew(nn.Module):
    def __init__(self, min_overlap: float):
        super().__init__()
        self.min_overlap = min_overlap

    def forward(self, sizes: torch.Tensor) -> torch.Tensor:
        sizes = sizes.contiguous()
        n = sizes.shape[0]
        out = torch.empty(n, dtype=sizes.dtype, device=sizes.device)
        BLOCK = 512
        gaussian_radius_kernel[(triton.cdiv(n, BLOCK),)](sizes, out, n, sizes.stride(0), self.min_overlap, BLOCK=BLOCK)
        return out
