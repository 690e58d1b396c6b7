"""Triton forgetting attention: a scan kernel writes the cumulative log-sigmoid forget gates, then a
flash-style kernel (query block x key block, online softmax) adds F_i - F_j to the causal logits."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _logsigmoid(x):
    return tl.minimum(x, 0.0) - tl.log(1.0 + tl.exp(-tl.abs(x)))


@triton.jit
def forget_cumsum_kernel(f_ptr, cum_ptr, T, BT: tl.constexpr):
    bh = tl.program_id(0)
    rt = tl.arange(0, BT)
    mt = rt < T
    f = tl.load(f_ptr + bh * T + rt, mask=mt, other=0.0)
    lf = tl.where(mt, _logsigmoid(f), 0.0)
    tl.store(cum_ptr + bh * T + rt, tl.cumsum(lf, axis=0), mask=mt)


@triton.jit
def forgetting_attn_kernel(q_ptr, k_ptr, v_ptr, cum_ptr, o_ptr, T, D, scale,
                           BM: tl.constexpr, BN: tl.constexpr, BD: tl.constexpr):
    bh = tl.program_id(0)
    qb = tl.program_id(1)
    rm = qb * BM + tl.arange(0, BM)
    rd = tl.arange(0, BD)
    mm = rm < T
    md = rd < D
    base = bh * T * D
    q = tl.load(q_ptr + base + rm[:, None] * D + rd[None, :], mask=mm[:, None] & md[None, :], other=0.0)
    cq = tl.load(cum_ptr + bh * T + rm, mask=mm, other=0.0)
    m_i = tl.full((BM,), -1e30, tl.float32)
    l_i = tl.zeros((BM,), dtype=tl.float32)
    acc = tl.zeros((BM, BD), dtype=tl.float32)
    for n0 in range(0, (qb + 1) * BM, BN):
        rn = n0 + tl.arange(0, BN)
        mn = rn < T
        k = tl.load(k_ptr + base + rn[:, None] * D + rd[None, :], mask=mn[:, None] & md[None, :], other=0.0)
        v = tl.load(v_ptr + base + rn[:, None] * D + rd[None, :], mask=mn[:, None] & md[None, :], other=0.0)
        ck = tl.load(cum_ptr + bh * T + rn, mask=mn, other=0.0)
        s = (tl.dot(q, tl.trans(k)) + cq[:, None] - ck[None, :]) * scale
        s = tl.where((rn[None, :] <= rm[:, None]) & mn[None, :], s, -1e30)
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p, v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + rm[:, None] * D + rd[None, :], out, mask=mm[:, None] & md[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, fgate):
        q, k, v, fgate = q.contiguous(), k.contiguous(), v.contiguous(), fgate.contiguous()
        b, h, t, d = q.shape
        cum = torch.empty(b, h, t, device=q.device, dtype=torch.float32)
        forget_cumsum_kernel[(b * h,)](fgate, cum, t, BT=triton.next_power_of_2(t))
        out = torch.empty_like(q)
        BM, BN = 16, 16
        forgetting_attn_kernel[(b * h, triton.cdiv(t, BM))](q, k, v, cum, out, t, d, d ** -0.5,
                                                             BM=BM, BN=BN, BD=max(16, triton.next_power_of_2(d)))
        return out
