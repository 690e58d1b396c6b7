"""SABR lognormal implied volatility in Triton: one lane per option, blocks of 256 options."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sabr_vol_kernel(out_ptr, f_ptr, k_ptr, t_ptr, a_ptr, r_ptr, v_ptr, n, beta, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    f = tl.load(f_ptr + offs, mask=mask, other=1.0)
    k = tl.load(k_ptr + offs, mask=mask, other=1.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    alpha = tl.load(a_ptr + offs, mask=mask, other=1.0)
    rho = tl.load(r_ptr + offs, mask=mask, other=0.0)
    nu = tl.load(v_ptr + offs, mask=mask, other=1.0)
    b1 = 1.0 - beta
    log_fk = tl.log(f / k)
    fkb = tl.exp(0.5 * b1 * tl.log(f * k))
    lf2 = log_fk * log_fk
    denom = fkb * (1.0 + b1 * b1 / 24.0 * lf2 + b1 * b1 * b1 * b1 / 1920.0 * lf2 * lf2)
    z = nu / alpha * fkb * log_fk
    xz = tl.log((tl.sqrt(1.0 + 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))
    ratio = tl.where(tl.abs(z) < 1e-6, 1.0, z / xz)
    c1 = b1 * b1 / 24.0 * alpha * alpha / (fkb * fkb)
    c2 = rho * beta * nu * alpha / (4.0 * fkb)
    c3 = (2.0 - 3.0 * rho * rho) / 24.0 * nu * nu
    corr = 1.0 + (c1 + c2 + c3) * t
    tl.store(out_ptr + offs, alpha / denom * ratio * corr, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, fwd, strike, expiry, alpha, rho, nu):
        fwd, strike, expiry = fwd.contiguous(), strike.contiguous(), expiry.contiguous()
        alpha, rho, nu = alpha.contiguous(), rho.contiguous(), nu.contiguous()
        n = fwd.shape[0]
        out = torch.empty_like(fwd)
        BLOCK = 256
        sabr_vol_kernel[(triton.cdiv(n, BLOCK),)](out, fwd, strike, expiry, alpha, rho, nu, n, self.beta, BLOCK=BLOCK)
        return out
