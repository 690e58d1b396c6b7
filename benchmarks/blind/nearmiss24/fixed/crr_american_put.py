"""Triton CRR American put: a (option x node) tile per program; each backward step writes the node values to a
scratch row and reads them back shifted by one node."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def crr_put_kernel(spot_ptr, strike_ptr, expiry_ptr, vol_ptr, scratch_ptr, out_ptr, N, M, rate,
                   BLOCK_O: tl.constexpr, NODES: tl.constexpr):
    pid = tl.program_id(0)
    o = pid * BLOCK_O + tl.arange(0, BLOCK_O)
    om = o < N
    spot = tl.load(spot_ptr + o, mask=om, other=1.0)
    strike = tl.load(strike_ptr + o, mask=om, other=1.0)
    expiry = tl.load(expiry_ptr + o, mask=om, other=1.0)
    vol = tl.load(vol_ptr + o, mask=om, other=0.1)
    dt = expiry / M
    sdt = vol * tl.sqrt(dt)
    u = tl.exp(sdt)
    d = 1.0 / u
    p = (tl.exp(rate * dt) - d) / (u - d)
    disc = tl.exp(-rate * dt)
    j = tl.arange(0, NODES)
    jf = j.to(tl.float32)
    st = spot[:, None] * tl.exp(sdt[:, None] * (2.0 * jf[None, :] - M))
    v = tl.maximum(strike[:, None] - st, 0.0)
    row = scratch_ptr + o[:, None] * (M + 1) + j[None, :]
    for it in range(M):
        i = M - 1 - it
        tl.store(row, v, mask=om[:, None] & (j <= i + 1)[None, :])
        tl.debug_barrier()
        up = tl.load(row + 1, mask=om[:, None] & (j <= i)[None, :], other=0.0)
        v = disc[:, None] * (p[:, None] * up + (1.0 - p[:, None]) * v)
        si = spot[:, None] * tl.exp(sdt[:, None] * (2.0 * jf[None, :] - i))
        v = tl.maximum(v, strike[:, None] - si)
        tl.debug_barrier()
    root = tl.sum(tl.where(j[None, :] == 0, v, 0.0), axis=1)
    tl.store(out_ptr + o, root, mask=om)


class ModelNew(nn.Module):
    def __init__(self, num_steps: int, rate: float = 0.05):
        super().__init__()
        self.num_steps = num_steps
        self.rate = rate

    def forward(self, spot, strike, expiry, vol):
        spot, strike, expiry, vol = (t.contiguous() for t in (spot, strike, expiry, vol))
        N = spot.shape[0]
        M = self.num_steps
        out = torch.empty_like(spot)
        scratch = torch.empty((N, M + 1), dtype=torch.float32, device=spot.device)
        BLOCK_O = 32
        NODES = triton.next_power_of_2(M + 1)
        grid = (triton.cdiv(N, BLOCK_O),)
        crr_put_kernel[grid](spot, strike, expiry, vol, scratch, out, N, M, self.rate, BLOCK_O=BLOCK_O, NODES=NODES)
        return out
