"""Triton linear attention: one program per (batch, head); a first pass accumulates phi(K)^T V and
the key sum with tl.dot over sequence chunks, a second pass produces the normalised outputs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _phi(x):
    return tl.where(x > 0, x + 1.0, tl.exp(x))


@triton.jit
def linear_attn_kernel(q_ptr, k_ptr, v_ptr, out_ptr, S, eps, D: tl.constexpr, BLOCK_S: tl.constexpr):
    base = tl.program_id(0) * S * D
    d = tl.arange(0, D)
    kv = tl.zeros([D, D], dtype=tl.float32)
    ksum = tl.zeros([D], dtype=tl.float32)
    for s0 in range(0, S, BLOCK_S):
        s = s0 + tl.arange(0, BLOCK_S)
        smask = (s < S)[:, None]
        k = tl.load(k_ptr + base + s[:, None] * D + d[None, :], mask=smask, other=0.0)
        v = tl.load(v_ptr + base + s[:, None] * D + d[None, :], mask=smask, other=0.0)
        kf = tl.where(smask, _phi(k), 0.0)
        kv = tl.dot(tl.trans(kf), v, input_precision="ieee")
        ksum += tl.sum(kf, axis=0)
    for s0 in range(0, S, BLOCK_S):
        s = s0 + tl.arange(0, BLOCK_S)
        smask = (s < S)[:, None]
        q = tl.load(q_ptr + base + s[:, None] * D + d[None, :], mask=smask, other=0.0)
        qf = _phi(q)
        num = tl.dot(qf, kv, input_precision="ieee")
        den = tl.sum(qf * ksum[None, :], axis=1) + eps
        tl.store(out_ptr + base + s[:, None] * D + d[None, :], num / den[:, None], mask=smask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        k = k.contiguous()
        v = v.contiguous()
        B, H, S, D = q.shape
        out = torch.empty_like(q)
        linear_attn_kernel[(B * H,)](q, k, v, out, S, self.eps, D=D, BLOCK_S=16)
        return out
