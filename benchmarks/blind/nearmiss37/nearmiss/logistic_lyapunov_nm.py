"""Triton Lyapunov exponents of the logistic map, one orbit per lane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lyap_kernel(r_ptr, x_ptr, out_ptr, N, n_burn, n_iter, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    r = tl.load(r_ptr + offs, mask=m, other=3.0)
    x = tl.load(x_ptr + offs, mask=m, other=0.3)
    for _ in range(n_burn):
        x = r * x * (1.0 - x)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(n_iter):
        acc = acc + tl.log(tl.abs(r - r * x))
        x = r * x * (1.0 - x)
    tl.store(out_ptr + offs, acc / n_iter, mask=m)


class ModelNew(nn.Module):
    def __init__(self, n_burn: int, n_iter: int):
        super().__init__()
        self.n_burn = n_burn
        self.n_iter = n_iter

    def forward(self, r: torch.Tensor, x0: torch.Tensor) -> torch.Tensor:
        r = r.contiguous()
        x0 = x0.contiguous()
        out = torch.empty_like(r)
        N = r.numel()
        BLOCK = 256
        lyap_kernel[(triton.cdiv(N, BLOCK),)](r, x0, out, N, self.n_burn, self.n_iter, BLOCK=BLOCK)
        return out
