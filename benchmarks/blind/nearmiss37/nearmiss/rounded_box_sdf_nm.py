"""Triton rounded-box signed distance: one lane per point, box parameters read as scalars."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sd_round_box_kernel(p_ptr, c_ptr, h_ptr, r_ptr, out_ptr, N, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    msk = i < N
    rad = tl.load(r_ptr)
    qx = tl.abs(tl.load(p_ptr + 3 * i, mask=msk, other=0.0) - tl.load(c_ptr)) - tl.load(h_ptr) + rad
    qy = tl.abs(tl.load(p_ptr + 3 * i + 1, mask=msk, other=0.0) - tl.load(c_ptr + 1)) - tl.load(h_ptr + 1) + rad
    qz = tl.abs(tl.load(p_ptr + 3 * i + 2, mask=msk, other=0.0) - tl.load(c_ptr + 2)) - tl.load(h_ptr + 2) + rad
    ox = tl.maximum(qx, 0.0)
    oy = tl.maximum(qy, 0.0)
    oz = tl.maximum(qz, 0.0)
    outside = tl.sqrt(ox * ox + oy * oy + oz * oz)
    inside = tl.maximum(tl.maximum(qx, tl.maximum(qy, qz)), 0.0)
    tl.store(out_ptr + i, outside + inside - rad, mask=msk)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p, center, half, rad):
        p = p.contiguous()
        N = p.shape[0]
        out = torch.empty(N, device=p.device, dtype=p.dtype)
        sd_round_box_kernel[(triton.cdiv(N, 256),)](p, center.contiguous(), half.contiguous(), rad.contiguous(), out, N,
                                                   BLOCK=256)
        return out
