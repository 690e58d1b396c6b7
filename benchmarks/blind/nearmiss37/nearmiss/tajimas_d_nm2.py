"""Triton Tajima's D: a block of loci per program, site chunks accumulated in a 2-D tile, the neutral-model constants built in the kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tajima_kernel(cnt_ptr, out_ptr, R, S, n, BR: tl.constexpr, BS: tl.constexpr):
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    rm = rows < R
    seg = tl.zeros([BR], dtype=tl.float32)
    het = tl.zeros([BR], dtype=tl.float32)
    for s0 in range(0, S, BS):
        cols = s0 + tl.arange(0, BS)
        m = rm[:, None] & (cols[None, :] < S)
        c = tl.load(cnt_ptr + rows[:, None] * S + cols[None, :], mask=m, other=0)
        cf = c.to(tl.float32)
        seg += tl.sum(((c > 0) & (c < n)).to(tl.float32), axis=1)
        het += tl.sum(2.0 * cf * (n - cf), axis=1)
    nf = n * 1.0
    a1 = 0.0
    a2 = 0.0
    for i in range(1, n):
        fi = i * 1.0
        a1 += 1.0 / fi
        a2 += 1.0 / fi
    b1 = (nf + 1.0) / (3.0 * (nf - 1.0))
    b2 = 2.0 * (nf * nf + nf + 3.0) / (9.0 * nf * (nf - 1.0))
    c1 = b1 - 1.0 / a1
    c2 = b2 - (nf + 2.0) / (a1 * nf) + a2 / (a1 * a1)
    e1 = c1 / a1
    e2 = c2 / (a1 * a1 + a2)
    pi = het / (nf * (nf - 1.0))
    var = tl.maximum(e1 * seg + e2 * seg * (seg - 1.0), 1e-30)
    d = (pi - seg / a1) / tl.sqrt(var)
    tl.store(out_ptr + rows, tl.where(seg > 0, d, 0.0), mask=rm)


class ModelNew(nn.Module):
    def __init__(self, num_samples: int):
        super().__init__()
        self.n = num_samples

    def forward(self, counts: torch.Tensor) -> torch.Tensor:
        counts = counts.contiguous()
        R, S = counts.shape
        out = torch.empty(R, device=counts.device, dtype=torch.float32)
        tajima_kernel[(triton.cdiv(R, 16),)](counts, out, R, S, self.n, BR=16, BS=128)
        return out
