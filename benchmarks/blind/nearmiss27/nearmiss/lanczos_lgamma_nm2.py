"""Log-gamma by the Lanczos approximation with Euler's reflection below 1/2."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


@triton.jit
def _lanczos_lgamma(z, half_log_2pi):
    zm = z - 1.0
    acc = 0.99999999999980993 + 676.5203681218851 / (zm + 1.0)
    acc += -1259.1392167224028 / (zm + 2.0)
    acc += 771.32342877765313 / (zm + 3.0)
    acc += -176.61502916214059 / (zm + 4.0)
    acc += 12.507343278686905 / (zm + 5.0)
    acc += -0.13857109526572012 / (zm + 6.0)
    acc += 9.9843695780195716e-6 / (zm + 7.0)
    acc += 1.5056327351493116e-7 / (zm + 8.0)
    t = zm + 7.5
    return half_log_2pi + (zm + 0.5) * tl.log(t) - t + tl.log(acc)


@triton.jit
def _lgamma_kernel(x_ptr, out_ptr, n, half_log_2pi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    refl = x < 0.5
    z = tl.where(refl, 1.0 - x, x)
    lg = _lanczos_lgamma(z, half_log_2pi)
    pi = 3.141592653589793
    lg_refl = tl.log(pi / tl.abs(tl.sin(x))) - lg
    tl.store(out_ptr + offs, tl.where(refl, lg_refl, lg), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        _lgamma_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, HALF_LOG_2PI, BLOCK=BLOCK)
        return out
