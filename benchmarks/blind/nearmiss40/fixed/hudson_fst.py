"""Triton windowed Hudson F_ST: one program per (chromosome, window), the window's sites in one masked block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hudson_fst_kernel(k_ptr, n_ptr, out_ptr, n_sites, window, k_stride_c, n_stride_c, out_stride,
                      BLOCK: tl.constexpr):
    c = tl.program_id(0)
    w = tl.program_id(1)
    j = tl.arange(0, BLOCK)
    sites = w * window + j
    mask = (j < window) & (sites < n_sites)
    kp = k_ptr + c * k_stride_c + sites * 2
    np_ = n_ptr + c * n_stride_c + sites * 2
    k1 = tl.load(kp, mask=mask, other=0)
    k2 = tl.load(kp + 1, mask=mask, other=0)
    c1 = tl.load(np_, mask=mask, other=0)
    c2 = tl.load(np_ + 1, mask=mask, other=0)
    ok = mask & (c1 >= 2) & (c2 >= 2)
    n1 = tl.where(ok, c1, 2).to(tl.float32)
    n2 = tl.where(ok, c2, 2).to(tl.float32)
    p1 = k1.to(tl.float32) / n1
    p2 = k2.to(tl.float32) / n2
    num = (p1 - p2) * (p1 - p2) - p1 * (1.0 - p1) / (n1 - 1.0) - p2 * (1.0 - p2) / (n2 - 1.0)
    den = p1 * (1.0 - p2) + p2 * (1.0 - p1)
    num = tl.where(ok, num, 0.0)
    den = tl.where(ok, den, 0.0)
    tl.store(out_ptr + c * out_stride + w, tl.sum(num, axis=0) / tl.sum(den, axis=0))


class ModelNew(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, derived: torch.Tensor, called: torch.Tensor) -> torch.Tensor:
        derived = derived.contiguous()
        called = called.contiguous()
        n_chroms, n_sites, _ = derived.shape
        n_windows = triton.cdiv(n_sites, self.window)
        out = torch.empty(n_chroms, n_windows, device=derived.device, dtype=torch.float32)
        BLOCK = triton.next_power_of_2(self.window)
        hudson_fst_kernel[(n_chroms, n_windows)](derived, called, out, n_sites, self.window, derived.stride(0),
                                                 called.stride(0), out.stride(0), BLOCK=BLOCK)
        return out
