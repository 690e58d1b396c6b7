"""Triton DPM-Solver++(2M) step: the host turns the three sigmas into the update coefficients, a 1-D kernel
combines x, denoised and the previous denoised."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def dpmpp_kernel(x_ptr, d_ptr, od_ptr, out_ptr, N, c_x, c_d, a, b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    d = tl.load(d_ptr + offs, mask=mask, other=0.0)
    od = tl.load(od_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, c_x * x + c_d * (a * d - b * od), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, sigma_prev=2.0, sigma=1.5, sigma_next=1.0):
        super().__init__()
        self.sigma_prev, self.sigma, self.sigma_next = sigma_prev, sigma, sigma_next

    def forward(self, x, denoised, old_denoised):
        t_prev, t, t_next = -math.log(self.sigma_prev), -math.log(self.sigma), -math.log(self.sigma_next)
        h = t_next - t
        r = (t - t_prev) / h
        b = 1.0 / (2.0 * r)
        c_x = self.sigma_next / self.sigma
        c_d = -math.expm1(-h)
        xc = x.contiguous()
        out = torch.empty_like(xc)
        n = xc.numel()
        BLOCK = 1024
        dpmpp_kernel[(triton.cdiv(n, BLOCK),)](xc, denoised.contiguous(), old_denoised.contiguous(), out, n,
                                               c_x, c_d, 1.0 + b, b, BLOCK=BLOCK)
        return out
