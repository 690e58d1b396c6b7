"""Cori R_t: a total-infectiousness pass (serial-interval convolution) and a windowed gamma-posterior-mean pass."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _infectiousness_kernel(i_ptr, w_ptr, lam_ptr, n_days, n_si, si_stride, so, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = t < n_days
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for s in range(0, n_si):
        w = tl.load(w_ptr + s)
        src = t - s
        acc += w * tl.load(i_ptr + row * si_stride + src, mask=inside & (src >= 0), other=0.0)
    tl.store(lam_ptr + row * so + t, acc, mask=inside)


@triton.jit
def _posterior_kernel(i_ptr, lam_ptr, out_ptr, n_days, si_stride, sl, so, tau, a, rate, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = t < n_days
    num = tl.zeros([BLOCK], dtype=tl.float32)
    den = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, tau):
        mj = inside & (t - j >= 0)
        num += tl.load(i_ptr + row * si_stride + t - j, mask=mj, other=0.0)
        den += tl.load(lam_ptr + row * sl + t - j, mask=mj, other=0.0)
    r = (a + num) / (rate + den)
    tl.store(out_ptr + row * so + t, tl.where(t >= tau - 1, r, 0.0), mask=inside)


class ModelNew(nn.Module):
    def __init__(self, tau: int, shape: int, scale: int):
        super().__init__()
        self.tau = tau
        self.a = float(shape)
        self.b = float(scale)

    def forward(self, incidence: torch.Tensor, si: torch.Tensor) -> torch.Tensor:
        inc = incidence.contiguous()
        w = si.contiguous()
        r, t = inc.shape
        lam = torch.empty_like(inc)
        out = torch.empty_like(inc)
        BLOCK = 128
        grid = (r, triton.cdiv(t, BLOCK))
        _infectiousness_kernel[grid](inc, w, lam, t, w.shape[0], inc.stride(0), lam.stride(0), BLOCK=BLOCK)
        rate = 1.0 / self.b
        _posterior_kernel[grid](inc, lam, out, t, inc.stride(0), lam.stride(0), out.stride(0), self.tau, self.a, rate,
                                BLOCK=BLOCK)
        return out
