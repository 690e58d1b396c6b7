"""Triton trapezoidal motion profiles: per-move phase times in registers, (move x sample) tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def trapezoid_kernel(d_ptr, v_ptr, a_ptr, out_ptr, n_moves, n_samples, dt, out_stride,
                     BLOCK_M: tl.constexpr, BLOCK_T: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < n_moves
    dist = tl.load(d_ptr + rows, mask=rmask, other=0.0)
    v = tl.load(v_ptr + rows, mask=rmask, other=1.0)
    a = tl.load(a_ptr + rows, mask=rmask, other=1.0)
    d = tl.abs(dist)
    sgn = tl.where(dist > 0.0, 1.0, tl.where(dist < 0.0, -1.0, 0.0))
    tri = d < 0.5 * v * v / a
    ta = tl.where(tri, tl.sqrt(d / a), v / a)
    vp = a * ta
    total = tl.where(tri, 2.0 * ta, d / v + ta)
    d = d[:, None]
    a = a[:, None]
    ta = ta[:, None]
    vp = vp[:, None]
    total = total[:, None]
    for t0 in range(0, n_samples, BLOCK_T):
        j = t0 + tl.arange(0, BLOCK_T)
        t = (j.to(tl.float32) * dt)[None, :]
        s_acc = 0.5 * a * t * t
        s_cru = 0.5 * a * ta * ta + vp * (t - ta)
        s_dec = d - 0.5 * a * (total - t) * (total - t)
        s = tl.where(t < ta, s_acc, tl.where(t < total - ta, s_cru, tl.where(t < total, s_dec, d)))
        m = rmask[:, None] & (j[None, :] < n_samples)
        tl.store(out_ptr + rows[:, None] * out_stride + j[None, :], sgn[:, None] * s, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dt: float, num_samples: int):
        super().__init__()
        self.dt = dt
        self.num_samples = num_samples

    def forward(self, dist: torch.Tensor, vmax: torch.Tensor, amax: torch.Tensor) -> torch.Tensor:
        n = dist.shape[0]
        out = torch.empty(n, self.num_samples, device=dist.device, dtype=dist.dtype)
        BLOCK_M, BLOCK_T = 32, 64
        trapezoid_kernel[(triton.cdiv(n, BLOCK_M),)](dist.contiguous(), vmax.contiguous(), amax.contiguous(), out,
                                                     n, self.num_samples, self.dt, out.stride(0),
                                                     BLOCK_M=BLOCK_M, BLOCK_T=BLOCK_T)
        return out
