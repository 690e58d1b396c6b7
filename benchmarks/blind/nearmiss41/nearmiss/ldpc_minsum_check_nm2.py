"""Min-sum check update: (check x edge) tiles with row minima, first-minimum index and sign parity."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def minsum_kernel(v_ptr, deg_ptr, out_ptr, n_chk, n_lanes, v_stride, o_stride, scale,
                  BLOCK_C: tl.constexpr, BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_C + tl.arange(0, BLOCK_C)
    lane = tl.arange(0, BLOCK_D)
    rm = rows < n_chk
    deg = tl.load(deg_ptr + rows, mask=rm, other=0).to(tl.int32)
    valid = (lane[None, :] < deg[:, None]) & (lane[None, :] < n_lanes) & rm[:, None]
    x = tl.load(v_ptr + rows[:, None] * v_stride + lane[None, :], mask=valid, other=0.0)
    mag = tl.where(valid, tl.abs(x), float("inf"))
    m1 = tl.min(mag, axis=1)
    i1 = tl.min(tl.where(mag == m1[:, None], lane[None, :], BLOCK_D), axis=1)
    m2 = tl.min(tl.where(lane[None, :] == i1[:, None], float("inf"), mag), axis=1)
    ext = tl.where(lane[None, :] == i1[:, None], m2[:, None], m1[:, None])
    neg = valid & (x < 0.0)
    parity = tl.sum(neg.to(tl.int32), axis=1) % 2
    total = 1.0 - 2.0 * parity.to(tl.float32)
    sgn = tl.where(x > 0.0, -total[:, None], total[:, None])
    res = tl.where(valid, sgn * (scale * ext), 0.0)
    tl.store(out_ptr + rows[:, None] * o_stride + lane[None, :], res, mask=rm[:, None] & (lane[None, :] < n_lanes))


class ModelNew(nn.Module):
    """Check-to-variable messages of every check node (normalised min-sum).

    v2c: (C, D) variable-to-check LLRs (first `degree` edges of a row exist); degree: (C,) int64.
    Returns (C, D).
    """

    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, v2c, degree):
        v2c = v2c.contiguous()
        degree = degree.contiguous()
        n_chk, n_lanes = v2c.shape
        out = torch.empty_like(v2c)
        BLOCK_C = 32
        BLOCK_D = triton.next_power_of_2(n_lanes)
        minsum_kernel[(triton.cdiv(n_chk, BLOCK_C),)](v2c, degree, out, n_chk, n_lanes, v2c.stride(0), out.stride(0),
                                                       self.scale, BLOCK_C=BLOCK_C, BLOCK_D=BLOCK_D)
        return out
