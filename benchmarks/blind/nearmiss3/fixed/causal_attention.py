import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _causal_attn(q_ptr, k_ptr, v_ptr, o_ptr, S, D, scale, BS: tl.constexpr, BD: tl.constexpr):
    # one program per (batch, head); the whole sequence fits one tile
    bh = tl.program_id(0)
    base = bh * S * D
    rs = tl.arange(0, BS)
    rd = tl.arange(0, BD)
    m2 = (rs[:, None] < S) & (rd[None, :] < D)
    q = tl.load(q_ptr + base + rs[:, None] * D + rd[None, :], mask=m2, other=0.0)
    k = tl.load(k_ptr + base + rs[:, None] * D + rd[None, :], mask=m2, other=0.0)
    v = tl.load(v_ptr + base + rs[:, None] * D + rd[None, :], mask=m2, other=0.0)
    s = tl.dot(q, tl.trans(k)) * scale
    keep = (rs[None, :] <= rs[:, None]) & (rs[None, :] < S)
    s = tl.where(keep, s, float("-inf"))
    m = tl.max(s, axis=1)
    p = tl.exp(s - m[:, None])
    l = tl.sum(p, axis=1)
    o = tl.dot(p, v) / l[:, None]
    tl.store(o_ptr + base + rs[:, None] * D + rd[None, :], o, mask=m2)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        B, H, S, D = q.shape
        q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
        o = torch.empty_like(q)
        BS = max(16, triton.next_power_of_2(S))
        BD = max(16, triton.next_power_of_2(D))
        _causal_attn[(B * H,)](q, k, v, o, S, D, 1.0 / math.sqrt(D), BS=BS, BD=BD)
        return o
