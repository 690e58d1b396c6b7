"""Triton ghost batch norm: one program per (virtual batch, feature block), two-pass statistics over the rows of the group."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _ghost_bn_kernel(x_ptr, w_ptr, b_ptr, out_ptr, N, F, V, eps, V_BLOCK: tl.constexpr, F_BLOCK: tl.constexpr):
    start = tl.program_id(0) * V
    f = tl.program_id(1) * F_BLOCK + tl.arange(0, F_BLOCK)
    r = tl.arange(0, V_BLOCK)
    rows = start + r
    fm = f < F
    m = ((r < V) & (rows < N))[:, None] & fm[None, :]
    cnt = V
    x = tl.load(x_ptr + rows[:, None] * F + f[None, :], mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / cnt
    xc = tl.where(m, x - mean[None, :], 0.0)
    var = tl.sum(xc * xc, axis=0) / cnt
    w = tl.load(w_ptr + f, mask=fm, other=0.0)
    b = tl.load(b_ptr + f, mask=fm, other=0.0)
    y = xc / tl.sqrt(var + eps)[None, :] * w[None, :] + b[None, :]
    tl.store(out_ptr + rows[:, None] * F + f[None, :], y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, virtual_batch: int, eps: float = 1e-5):
        super().__init__()
        self.virtual_batch = virtual_batch
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(num_features) * 0.5 + 1.0)
        self.bias = nn.Parameter(torch.randn(num_features) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, F = x.shape
        V = self.virtual_batch
        out = torch.empty_like(x)
        F_BLOCK = 64
        grid = (triton.cdiv(N, V), triton.cdiv(F, F_BLOCK))
        _ghost_bn_kernel[grid](x, self.weight.detach(), self.bias.detach(), out, N, F, V, self.eps,
                               V_BLOCK=triton.next_power_of_2(V), F_BLOCK=F_BLOCK)
        return out
