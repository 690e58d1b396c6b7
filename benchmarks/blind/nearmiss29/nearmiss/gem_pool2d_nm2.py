"""Triton GeM pooling, one program per (batch, channel) plane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gem_kernel(out_ptr, x_ptr, p_ptr, n_pix, inv_n, eps, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_pix
    p = tl.load(p_ptr)
    x = tl.load(x_ptr + plane * n_pix + offs, mask=mask, other=1.0)
    v = tl.exp(p * tl.log(tl.maximum(x, eps)))
    mean = tl.sum(tl.where(mask, v, 0.0), axis=0) * inv_n
    out = tl.exp(tl.log(mean) * p)
    tl.store(out_ptr + plane, out)


class ModelNew(nn.Module):
    def __init__(self, p: float = 3.0, eps: float = 1e-6):
        super().__init__()
        self.p = nn.Parameter(torch.ones(1) * p)
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, c, h, w = x.shape
        out = torch.empty(b, c, 1, 1, device=x.device, dtype=x.dtype)
        BLOCK = triton.next_power_of_2(h * w)
        inv_n = 1.0 / (h * w)
        gem_kernel[(b * c,)](out, x, self.p.detach(), h * w, inv_n, self.eps, BLOCK=BLOCK)
        return out
