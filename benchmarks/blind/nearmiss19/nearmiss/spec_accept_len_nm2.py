"""Speculative-decoding accepted lengths in Triton: draft positions swept in chunks, the first rejection
carried across chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _accept_kernel(pt_ptr, pd_ptr, u_ptr, out_ptr, B, K, BB: tl.constexpr, BK: tl.constexpr):
    rows = tl.program_id(0) * BB + tl.arange(0, BB)
    rmask = rows < B
    lane = tl.arange(0, BK)
    n = tl.zeros([BB], tl.int32)
    alive = rmask
    for k0 in range(0, K, BK):
        cols = k0 + lane
        cmask = cols < K
        m = rmask[:, None] & cmask[None, :]
        off = rows[:, None] * K + cols[None, :]
        pt = tl.load(pt_ptr + off, mask=m, other=1.0)
        pd = tl.load(pd_ptr + off, mask=m, other=1.0)
        u = tl.load(u_ptr + off, mask=m, other=0.0)
        ok = (u < pt / pd) | (cols[None, :] >= K)
        first = tl.min(tl.where(ok, BK, lane[None, :]), axis=1)
        lead = first
        n += tl.where(alive, lead, 0)
        alive = alive & (first == BK)
    tl.store(out_ptr + rows, n.to(tl.int64), mask=rmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p_target: torch.Tensor, p_draft: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        p_target, p_draft, u = p_target.contiguous(), p_draft.contiguous(), u.contiguous()
        b, k = p_target.shape
        out = torch.empty(b, dtype=torch.int64, device=p_target.device)
        BB, BK = 32, 8
        _accept_kernel[(triton.cdiv(b, BB),)](p_target, p_draft, u, out, b, k, BB=BB, BK=BK)
        return out
