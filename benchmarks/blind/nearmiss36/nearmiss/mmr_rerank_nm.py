"""Maximal marginal relevance: one program per query, normalised document tile in registers, greedy picks in a loop."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mmr_kernel(q_ptr, d_ptr, out_ptr, N, D, s_qb, s_db, s_dn, s_ob, lam, TOPK: tl.constexpr,
               NB: tl.constexpr, DB: tl.constexpr):
    b = tl.program_id(0)
    n = tl.arange(0, NB)
    d = tl.arange(0, DB)
    nm = n < N
    dm = d < D
    docs = tl.load(d_ptr + b * s_db + n[:, None] * s_dn + d[None, :], mask=nm[:, None] & dm[None, :], other=0.0)
    q = tl.load(q_ptr + b * s_qb + d, mask=dm, other=0.0)
    qn = q / tl.sqrt(tl.sum(q * q, axis=0))
    dnorm = tl.sqrt(tl.sum(docs * docs, axis=1))
    dn = docs / tl.where(nm, dnorm, 1.0)[:, None]
    rel = tl.sum(dn * qn[None, :], axis=1)
    rel = tl.where(nm, rel, -float("inf"))
    best = tl.max(rel, axis=0)
    u = tl.min(tl.where(rel == best, n, NB), axis=0)
    tl.store(out_ptr + b * s_ob, u.to(tl.int64))
    chosen = n == u
    du = tl.sum(tl.where(chosen[:, None], dn, 0.0), axis=0)
    red = tl.sum(dn * du[None, :], axis=1)
    for j in range(1, TOPK):
        score = lam * rel - (1.0 - lam) * red
        score = tl.where(chosen | (n >= N), -float("inf"), score)
        best = tl.max(score, axis=0)
        u = tl.min(tl.where(score == best, n, NB), axis=0)
        tl.store(out_ptr + b * s_ob + j, u.to(tl.int64))
        chosen = chosen | (n == u)
        du = tl.sum(tl.where((n == u)[:, None], dn, 0.0), axis=0)
        red = tl.sum(dn * du[None, :], axis=1)


class ModelNew(nn.Module):
    def __init__(self, top_k: int, lambda_mult: float):
        super().__init__()
        self.top_k = top_k
        self.lam = lambda_mult

    def forward(self, query: torch.Tensor, docs: torch.Tensor) -> torch.Tensor:
        query = query.contiguous()
        docs = docs.contiguous()
        b, n, d = docs.shape
        out = torch.empty(b, self.top_k, device=docs.device, dtype=torch.int64)
        mmr_kernel[(b,)](query, docs, out, n, d, query.stride(0), docs.stride(0), docs.stride(1), out.stride(0),
                         self.lam, TOPK=self.top_k, NB=triton.next_power_of_2(n), DB=triton.next_power_of_2(d))
        return out
