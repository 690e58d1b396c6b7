"""NMO correction: (offset x time) tiles per gather, gathered loads of the two bracketing samples."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def nmo_kernel(tr_ptr, off_ptr, vel_ptr, out_ptr, n_off, n, tr_sg, tr_sx, off_sg, vel_sg, dt, mute,
               BLOCK_X: tl.constexpr, BLOCK_T: tl.constexpr):
    gth = tl.program_id(0)
    pid_x = tl.program_id(1)
    pid_t = tl.program_id(2)
    xo = pid_x * BLOCK_X + tl.arange(0, BLOCK_X)
    it = pid_t * BLOCK_T + tl.arange(0, BLOCK_T)
    xm = xo < n_off
    tm = it < n
    m2 = xm[:, None] & tm[None, :]
    x = tl.load(off_ptr + gth * off_sg + xo, mask=xm, other=0.0)[:, None]
    v = tl.load(vel_ptr + gth * vel_sg + it, mask=tm, other=1.5)[None, :]
    t0 = (it.to(tl.float32) * dt)[None, :]
    t = tl.sqrt(t0 * t0 + (x * x) / (v * v))
    s = t / dt
    f0 = tl.floor(s)
    w = s - f0
    i0 = f0.to(tl.int32)
    inside = i0 < n - 1
    row = tr_ptr + gth * tr_sg + xo[:, None] * tr_sx
    lm = m2 & inside
    lo = tl.load(row + i0, mask=lm, other=0.0)
    hi = tl.load(row + i0 + 1, mask=lm, other=0.0)
    val = (1.0 - w) * lo + w * hi
    muted = (t - t0) > mute * t
    res = tl.where(inside & (muted == 0), val, 0.0)
    tl.store(out_ptr + gth * tr_sg + xo[:, None] * tr_sx + it[None, :], res, mask=m2)


class ModelNew(nn.Module):
    """Hyperbolic NMO correction of every trace of every gather.

    traces: (G, X, N) sampled every `dt` ms; offsets: (G, X) m; velocity: (G, N) km/s RMS velocity.
    Returns (G, X, N) with the stretch mute applied.
    """

    def __init__(self, dt: float, stretch_mute: float):
        super().__init__()
        self.dt = dt
        self.mute = stretch_mute

    def forward(self, traces, offsets, velocity):
        traces = traces.contiguous()
        offsets = offsets.contiguous()
        velocity = velocity.contiguous()
        n_g, n_off, n = traces.shape
        out = torch.empty_like(traces)
        BLOCK_X, BLOCK_T = 8, 128
        grid = (n_g, triton.cdiv(n_off, BLOCK_X), triton.cdiv(n, BLOCK_T))
        nmo_kernel[grid](traces, offsets, velocity, out, n_off, n, traces.stride(0), traces.stride(1),
                         offsets.stride(0), velocity.stride(0), self.dt, self.mute, BLOCK_X=BLOCK_X, BLOCK_T=BLOCK_T)
        return out
