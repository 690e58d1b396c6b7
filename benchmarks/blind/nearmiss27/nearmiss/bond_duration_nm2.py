"""Bond price, modified duration and convexity: one lane per bond, a run-time loop over coupon periods."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _bond_kernel(c_ptr, y_ptr, mat_ptr, out_ptr, n_bonds, max_periods, freq, stride_o, BLOCK: tl.constexpr):
    lanes = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n_bonds
    cpn = tl.load(c_ptr + lanes, mask=m, other=0.0)
    y = tl.load(y_ptr + lanes, mask=m, other=0.0)
    n = tl.load(mat_ptr + lanes, mask=m, other=1) * freq
    f = freq * 1.0
    v = 1.0 / (1.0 + y / f)
    coup = 100.0 * cpn / f
    disc = tl.full([BLOCK], 1.0, dtype=tl.float32)
    price = tl.zeros([BLOCK], dtype=tl.float32)
    wsum = tl.zeros([BLOCK], dtype=tl.float32)
    csum = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(1, max_periods + 1):
        disc = disc * v
        kf = k * 1.0
        cf = tl.where(k <= n, coup, 0.0) + tl.where(k == n, 100.0, 0.0)
        pv = cf * disc
        price += pv
        wsum += pv * kf
        csum += pv * kf * (kf + 1.0)
    mac = wsum / f / price
    dmod = mac
    conv = csum * v * v / (price * f * f)
    tl.store(out_ptr + lanes * stride_o + 0, price, mask=m)
    tl.store(out_ptr + lanes * stride_o + 1, dmod, mask=m)
    tl.store(out_ptr + lanes * stride_o + 2, conv, mask=m)


class ModelNew(nn.Module):
    def __init__(self, freq: int, years: int):
        super().__init__()
        self.freq = freq
        self.years = years

    def forward(self, coupon: torch.Tensor, ytm: torch.Tensor, maturity: torch.Tensor) -> torch.Tensor:
        nb = coupon.shape[0]
        out = torch.empty(nb, 3, device=coupon.device, dtype=torch.float32)
        BLOCK = 256
        _bond_kernel[(triton.cdiv(nb, BLOCK),)](coupon.contiguous(), ytm.contiguous(), maturity.contiguous(), out, nb,
                                               self.freq * self.years, self.freq, out.stride(0), BLOCK=BLOCK)
        return out
