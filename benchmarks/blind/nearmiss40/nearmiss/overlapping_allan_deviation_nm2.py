"""Triton overlapping Allan deviation: one program per (clock, averaging factor), a chunk loop over terms."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def oadev_kernel(x_ptr, m_ptr, out_ptr, n, x_stride, out_stride, tau0, BLOCK: tl.constexpr):
    clock = tl.program_id(0)
    j = tl.program_id(1)
    m = tl.load(m_ptr + j)
    n_terms = n - 2 * m
    row = x_ptr + clock * x_stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i0 in range(0, n_terms, BLOCK):
        i = i0 + tl.arange(0, BLOCK)
        mask = i < n_terms
        x0 = tl.load(row + i, mask=mask, other=0.0)
        x1 = tl.load(row + i + m, mask=mask, other=0.0)
        x2 = tl.load(row + i + 2 * m, mask=mask, other=0.0)
        d2 = x2 - 2.0 * x1 + x0
        acc += d2 * d2
    s = tl.sum(acc, axis=0)
    mf = m.to(tl.float32)
    var = s / (2.0 * mf * tau0 * tau0 * n_terms.to(tl.float32))
    tl.store(out_ptr + clock * out_stride + j, 1e3 * tl.sqrt(var))


class ModelNew(nn.Module):
    def __init__(self, tau0: float):
        super().__init__()
        self.tau0 = tau0

    def forward(self, phase: torch.Tensor, factors: torch.Tensor) -> torch.Tensor:
        phase = phase.contiguous()
        n_clocks, n = phase.shape
        n_taus = factors.shape[0]
        out = torch.empty(n_clocks, n_taus, device=phase.device, dtype=phase.dtype)
        BLOCK = 256
        oadev_kernel[(n_clocks, n_taus)](phase, factors.contiguous(), out, n, phase.stride(0), out.stride(0),
                                         self.tau0, BLOCK=BLOCK)
        return out
