"""American put prices on a Cox-Ross-Rubinstein binomial tree: terminal payoffs, then backward induction with an
early-exercise check at every node."""

import torch
import torch.nn as nn

num_options = 150
num_steps = 30


class Model(nn.Module):
    def __init__(self, num_steps: int, rate: float = 0.05):
        super().__init__()
        self.num_steps = num_steps
        self.rate = rate

    def forward(self, spot, strike, expiry, vol):
        M = self.num_steps
        dt = expiry / M
        sdt = vol * torch.sqrt(dt)
        u = torch.exp(sdt)
        d = 1.0 / u
        p = (torch.exp(self.rate * dt) - d) / (u - d)
        disc = torch.exp(-self.rate * dt)
        j = torch.arange(M + 1, dtype=spot.dtype, device=spot.device)
        st = spot[:, None] * torch.exp(sdt[:, None] * (2.0 * j - M))
        v = torch.clamp(strike[:, None] - st, min=0.0)
        for i in range(M - 1, -1, -1):
            v = disc[:, None] * (p[:, None] * v[:, 1 : i + 2] + (1.0 - p[:, None]) * v[:, : i + 1])
            si = spot[:, None] * torch.exp(sdt[:, None] * (2.0 * j[: i + 1] - i))
            v = torch.maximum(v, strike[:, None] - si)
        return v[:, 0]


def get_inputs():
    spot = torch.rand(num_options) * 60.0 + 70.0
    strike = torch.rand(num_options) * 40.0 + 80.0
    expiry = torch.rand(num_options) * 1.75 + 0.25
    vol = torch.rand(num_options) * 0.4 + 0.1
    return [spot, strike, expiry, vol]


def get_init_inputs():
    return [num_steps]
