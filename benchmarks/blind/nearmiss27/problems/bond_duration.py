"""Fixed-coupon bond analytics from yield to maturity: price, modified duration and convexity (periodic compounding)."""

import torch
import torch.nn as nn

num_bonds = 512
coupons_per_year = 2
max_years = 30


class Model(nn.Module):
    def __init__(self, freq: int, years: int):
        super().__init__()
        self.freq = freq
        self.years = years

    def forward(self, coupon: torch.Tensor, ytm: torch.Tensor, maturity: torch.Tensor) -> torch.Tensor:
        # coupon: (N,) annual coupon rate; ytm: (N,) annual yield; maturity: (N,) int64 whole years (<= years).
        # Face value 100. Returns (N, 3) = [price, modified duration (years), convexity (years^2)].
        f = float(self.freq)
        k = torch.arange(1, self.freq * self.years + 1, device=coupon.device, dtype=torch.float64)[None, :]
        n = (maturity * self.freq).double()[:, None]
        y = ytm.double()[:, None] / f
        cf = torch.where(k <= n, 100.0 * coupon.double()[:, None] / f, torch.zeros((), dtype=torch.float64, device=coupon.device))
        cf = cf + torch.where(k == n, 100.0, 0.0)
        disc = (1.0 + y) ** (-k)
        pv = cf * disc
        price = pv.sum(1)
        mac = (pv * k / f).sum(1) / price
        mod = mac / (1.0 + y[:, 0])
        conv = (pv * k * (k + 1.0)).sum(1) / (price * f * f * (1.0 + y[:, 0]) ** 2)
        return torch.stack([price, mod, conv], dim=1).float()


def get_inputs():
    coupon = 0.09 * torch.rand(num_bonds)
    ytm = 0.005 + 0.095 * torch.rand(num_bonds)
    maturity = torch.randint(1, max_years + 1, (num_bonds,))
    return [coupon, ytm, maturity]


def get_init_inputs():
    return [coupons_per_year, max_years]
