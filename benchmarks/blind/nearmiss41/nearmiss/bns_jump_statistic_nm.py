"""BNS jump test per trading day: one program per day, one chunk loop with shifted price loads."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bns_kernel(p_ptr, out_ptr, n_ret, row_stride, bv_scale, tq_scale, theta_over_n, BLOCK: tl.constexpr):
    day = tl.program_id(0)
    base = p_ptr + day * row_stride
    acc_rv = tl.zeros([BLOCK], dtype=tl.float32)
    acc_bv = tl.zeros([BLOCK], dtype=tl.float32)
    acc_tq = tl.zeros([BLOCK], dtype=tl.float32)
    n_chunks = tl.cdiv(n_ret, BLOCK)
    for c in range(0, n_chunks):
        i = c * BLOCK + tl.arange(0, BLOCK)
        m0 = i < n_ret
        m1 = m0 & (i >= 1)
        m2 = m0 & (i >= 2)
        p0 = tl.load(base + i, mask=m0, other=0.0)
        p1 = tl.load(base + i + 1, mask=m0, other=0.0)
        pm1 = tl.load(base + i - 1, mask=m1, other=0.0)
        pm2 = tl.load(base + i - 2, mask=m2, other=0.0)
        r0 = p1 - p0
        r1 = tl.where(m1, p0 - pm1, 0.0)
        r2 = tl.where(m2, pm1 - pm2, 0.0)
        a0 = tl.abs(r0)
        a1 = tl.abs(r1)
        a2 = tl.abs(r2)
        g0 = tl.exp(1.3333333333333333 * tl.log(tl.maximum(a0, 1e-30)))
        g1 = tl.exp(1.3333333333333333 * tl.log(tl.maximum(a1, 1e-30)))
        g2 = tl.exp(1.3333333333333333 * tl.log(tl.maximum(a2, 1e-30)))
        acc_rv += tl.where(m0, r0 * r0, 0.0)
        acc_bv += tl.where(m1, a0 * a1, 0.0)
        acc_tq += tl.where(m2, g0 * g1 * g2, 0.0)
    rv = tl.sum(acc_rv, axis=0)
    bv = tl.sum(acc_bv, axis=0) * bv_scale
    tq = tl.sum(acc_tq, axis=0) * tq_scale
    rj = (rv - bv) / bv
    z = rj / tl.sqrt(theta_over_n * tl.maximum(tq / (bv * bv), 1.0))
    tl.store(out_ptr + day * 3 + 0, rv)
    tl.store(out_ptr + day * 3 + 1, bv)
    tl.store(out_ptr + day * 3 + 2, z)


class ModelNew(nn.Module):
    """Realised variance, bipower variation and the BNS ratio z statistic of each trading day.

    log_prices: (D, n + 1) intraday log prices in percent. Returns (D, 3): RV, BV, z.
    """

    def __init__(self):
        super().__init__()

    def forward(self, log_prices):
        log_prices = log_prices.contiguous()
        n_days, n_pts = log_prices.shape
        n = n_pts - 1
        mu1 = math.sqrt(2.0 / math.pi)
        mu43 = 2.0 ** (2.0 / 3.0) * math.gamma(7.0 / 6.0) / math.gamma(0.5)
        bv_scale = n / (n - 1) / mu1 ** 2
        tq_scale = n * n / (n - 2) / mu43 ** 3
        theta_over_n = ((math.pi / 2.0) ** 2 + math.pi - 5.0) / n
        out = torch.empty(n_days, 3, device=log_prices.device, dtype=torch.float32)
        bns_kernel[(n_days,)](log_prices, out, n, log_prices.stride(0), bv_scale, tq_scale, theta_over_n,
                              BLOCK=128)
        return out
