"""Triton EDM preconditioning: flat 1-D grid, per-sample sigma broadcast from the element's batch index."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def edm_kernel(x_ptr, s_ptr, f_ptr, out_ptr, n, C, HW, sigma_data, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    b = (offs // HW) % C
    s = tl.load(s_ptr + b, mask=m, other=1.0)
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    f = tl.load(f_ptr + offs, mask=m, other=0.0)
    sd2 = sigma_data * sigma_data
    c_skip = sd2 / (s * s + sd2)
    c_out = s * sigma_data / tl.sqrt(s * s + sd2)
    tl.store(out_ptr + offs, c_skip * x + c_out * f, mask=m)


class ModelNew(nn.Module):
    def __init__(self, sigma_data: float):
        super().__init__()
        self.sigma_data = sigma_data

    def forward(self, x, sigma, f_out):
        x, f_out = x.contiguous(), f_out.contiguous()
        B, C, H, W = x.shape
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 256
        edm_kernel[(triton.cdiv(n, BLOCK),)](x, sigma.contiguous(), f_out, out, n, C, H * W, self.sigma_data,
                                            BLOCK=BLOCK)
        return out
