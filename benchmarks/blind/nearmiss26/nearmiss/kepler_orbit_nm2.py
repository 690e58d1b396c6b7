"""Triton Kepler solver: one lane per orbit, a fixed number of float32 Newton steps, then the orbital-plane
position."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def kepler_kernel(m_ptr, e_ptr, a_ptr, out_ptr, N, ITERS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    M = tl.load(m_ptr + offs, mask=mask, other=0.0)
    e = tl.load(e_ptr + offs, mask=mask, other=0.0)
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    E = M + e * tl.sin(M)
    for _ in tl.static_range(ITERS):
        f = E - e * tl.sin(E) - M
        fp = 1.0 - e * tl.cos(E)
        E = E - f / fp
    x = a * (tl.cos(E) - e)
    y = a * tl.sin(E)
    tl.store(out_ptr + offs * 2, x, mask=mask)
    tl.store(out_ptr + offs * 2 + 1, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, M: torch.Tensor, e: torch.Tensor, a: torch.Tensor) -> torch.Tensor:
        M, e, a = M.contiguous(), e.contiguous(), a.contiguous()
        N = M.shape[0]
        out = torch.empty(N, 2, device=M.device, dtype=torch.float32)
        BLOCK = 1024
        kepler_kernel[(triton.cdiv(N, BLOCK),)](M, e, a, out, N, ITERS=12, BLOCK=BLOCK)
        return out
