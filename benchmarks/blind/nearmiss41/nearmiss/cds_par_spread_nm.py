"""CDS par spreads on piecewise-constant hazard curves: (contract x payment) tiles over payment chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cds_spread_kernel(haz_ptr, ends_ptr, rate_ptr, rec_ptr, nq_ptr, out_ptr, n_contracts, n_pillars,
                      haz_stride, dt, BLOCK_C: tl.constexpr, BLOCK_Q: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_C + tl.arange(0, BLOCK_C)
    rmask = rows < n_contracts
    r = tl.load(rate_ptr + rows, mask=rmask, other=0.0)
    rec = tl.load(rec_ptr + rows, mask=rmask, other=0.0)
    nq = tl.load(nq_ptr + rows, mask=rmask, other=0)
    n_max = tl.max(nq, axis=0)
    prem = tl.zeros([BLOCK_C], dtype=tl.float32)
    prot = tl.zeros([BLOCK_C], dtype=tl.float32)
    for q0 in range(0, n_max, BLOCK_Q):
        q = q0 + 1 + tl.arange(0, BLOCK_Q)
        qf = q.to(tl.float32)
        t = qf * dt
        tp = (qf - 1.0) * dt
        tm = (qf - 0.5) * dt
        h = tl.zeros([BLOCK_C, BLOCK_Q], dtype=tl.float32)
        hp = tl.zeros([BLOCK_C, BLOCK_Q], dtype=tl.float32)
        for k in range(0, n_pillars):
            start = tl.load(ends_ptr + k - 1, mask=k > 0, other=0.0)
            end = tl.load(ends_ptr + k)
            width = end - start
            lam = tl.load(haz_ptr + rows * haz_stride + k, mask=rmask, other=0.0)
            seg = tl.minimum(tl.maximum(t - start, 0.0), width)
            segp = tl.minimum(tl.maximum(tp - start, 0.0), width)
            h = h + lam[:, None] * seg[None, :]
            hp = hp + lam[:, None] * segp[None, :]
        s = tl.exp(-h)
        sp = tl.exp(-hp)
        d = tl.exp(-r[:, None] * t[None, :])
        dm = tl.exp(-r[:, None] * tm[None, :])
        valid = qf[None, :] <= nq[:, None].to(tl.float32)
        prem += tl.sum(tl.where(valid, dt * d * (0.5 * (s + sp)), 0.0), axis=1)
        prot += tl.sum(tl.where(valid, (1.0 - rec)[:, None] * dm * (sp - s), 0.0), axis=1)
    tl.store(out_ptr + rows, 1e4 * prot / prem, mask=rmask)


class ModelNew(nn.Module):
    """Par spread (basis points) of a CDS with premiums paid `payments_per_year` times a year.

    hazards: (C, K) hazard rate of each pillar interval; pillar_ends: (K,) end of each interval in
    years; rate: (C,) continuously compounded risk-free rate; recovery: (C,) recovery rate;
    quarters: (C,) int64 number of premium payments.
    """

    def __init__(self, payments_per_year: int = 4):
        super().__init__()
        self.freq = payments_per_year

    def forward(self, hazards, pillar_ends, rate, recovery, quarters):
        hazards = hazards.contiguous()
        pillar_ends = pillar_ends.contiguous()
        rate = rate.contiguous()
        recovery = recovery.contiguous()
        quarters = quarters.contiguous()
        n_contracts, n_pillars = hazards.shape
        out = torch.empty(n_contracts, device=hazards.device, dtype=torch.float32)
        dt = 1.0 / self.freq
        BLOCK_C = 32
        grid = (triton.cdiv(n_contracts, BLOCK_C),)
        cds_spread_kernel[grid](hazards, pillar_ends, rate, recovery, quarters, out, n_contracts, n_pillars,
                                hazards.stride(0), dt, BLOCK_C=BLOCK_C, BLOCK_Q=16)
        return out
