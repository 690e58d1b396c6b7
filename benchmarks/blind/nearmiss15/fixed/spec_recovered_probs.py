"""Triton recovered distribution of the rejection sampler: one program per row makes three passes over the
vocabulary (online max / sum of both softmaxes, the residual mass, the normalised residual)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def recovered_kernel(t_ptr, d_ptr, out_ptr, V, temperature, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * V
    mt = tl.full([BLOCK], float("-inf"), dtype=tl.float32)
    md = tl.full([BLOCK], float("-inf"), dtype=tl.float32)
    st = tl.zeros([BLOCK], dtype=tl.float32)
    sd = tl.zeros([BLOCK], dtype=tl.float32)
    for v0 in range(0, V, BLOCK):
        offs = v0 + tl.arange(0, BLOCK)
        m = offs < V
        xt = tl.load(t_ptr + base + offs, mask=m, other=float("-inf")) / temperature
        xd = tl.load(d_ptr + base + offs, mask=m, other=float("-inf")) / temperature
        nt = tl.maximum(mt, xt)
        nd = tl.maximum(md, xd)
        st = st * tl.where(nt == float("-inf"), 1.0, tl.exp(mt - nt)) + tl.where(m, tl.exp(xt - nt), 0.0)
        sd = sd * tl.where(nd == float("-inf"), 1.0, tl.exp(md - nd)) + tl.where(m, tl.exp(xd - nd), 0.0)
        mt = nt
        md = nd
    gt = tl.max(mt, axis=0)
    gd = tl.max(md, axis=0)
    zt = tl.sum(st * tl.exp(mt - gt), axis=0)
    zd = tl.sum(sd * tl.exp(md - gd), axis=0)
    mass = tl.zeros([BLOCK], dtype=tl.float32)
    for v0 in range(0, V, BLOCK):
        offs = v0 + tl.arange(0, BLOCK)
        m = offs < V
        p = tl.exp(tl.load(t_ptr + base + offs, mask=m, other=float("-inf")) / temperature - gt) / zt
        q = tl.exp(tl.load(d_ptr + base + offs, mask=m, other=float("-inf")) / temperature - gd) / zd
        mass += tl.where(m, tl.maximum(p - q, 0.0, propagate_nan=tl.PropagateNan.ALL), 0.0)
    denom = tl.maximum(tl.sum(mass, axis=0), 1e-20, propagate_nan=tl.PropagateNan.ALL)
    for v0 in range(0, V, BLOCK):
        offs = v0 + tl.arange(0, BLOCK)
        m = offs < V
        p = tl.exp(tl.load(t_ptr + base + offs, mask=m, other=float("-inf")) / temperature - gt) / zt
        q = tl.exp(tl.load(d_ptr + base + offs, mask=m, other=float("-inf")) / temperature - gd) / zd
        tl.store(out_ptr + base + offs, tl.maximum(p - q, 0.0, propagate_nan=tl.PropagateNan.ALL) / denom, mask=m)


class ModelNew(nn.Module):
    def __init__(self, temperature=0.8):
        super().__init__()
        self.temperature = temperature

    def forward(self, target_logits, draft_logits):
        target_logits = target_logits.contiguous()
        draft_logits = draft_logits.contiguous()
        B, V = target_logits.shape
        out = torch.empty_like(target_logits)
        BLOCK = min(triton.next_power_of_2(V), 256)
        recovered_kernel[(B,)](target_logits, draft_logits, out, V, float(self.temperature), BLOCK=BLOCK)
        return out
