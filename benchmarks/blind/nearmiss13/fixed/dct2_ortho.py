"""Triton orthonormal DCT-II: a (coefficient, sample) cosine tile per row, angles reduced exactly."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def dct2_kernel(x_ptr, out_ptr, n_rows, N, stride, pi_over_2n, s0, sk,
                ROWS: tl.constexpr, BLOCK: tl.constexpr):
    ks = tl.arange(0, BLOCK)
    ns = tl.arange(0, BLOCK)
    km = ks < N
    nm = ns < N
    idx = ((2 * ns[None, :] + 1) * ks[:, None]) % (4 * N)
    basis = tl.cos(idx.to(tl.float32) * pi_over_2n)
    scale = tl.where(ks == 0, s0, sk)
    for r in range(ROWS):
        row = tl.program_id(0) * ROWS + r
        if row < n_rows:
            x = tl.load(x_ptr + row * stride + ns, mask=nm, other=0.0)
            y = tl.sum(basis * x[None, :], axis=1) * scale
            tl.store(out_ptr + row * stride + ks, y, mask=km)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, N = x.shape
        out = torch.empty_like(x)
        ROWS = 4
        dct2_kernel[(triton.cdiv(n_rows, ROWS),)](x, out, n_rows, N, x.stride(0), math.pi / (2 * N),
                                                  math.sqrt(1.0 / N), math.sqrt(2.0 / N), ROWS=ROWS,
                                                  BLOCK=triton.next_power_of_2(N))
        return out
