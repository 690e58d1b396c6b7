"""Par spreads of single-name credit default swaps on piecewise-constant hazard-rate curves."""

import torch
import torch.nn as nn

num_contracts = 300
max_quarters = 40
num_pillars = 5


class Model(nn.Module):
    """Par spread (basis points) of a CDS with premiums paid `payments_per_year` times a year.

    hazards: (C, K) hazard rate of each pillar interval; pillar_ends: (K,) end of each interval in
    years (the first starts at 0, the last extends flat beyond its end); rate: (C,) continuously
    compounded risk-free rate; recovery: (C,) recovery rate; quarters: (C,) int64 number of premium
    payments. The premium leg accrues on default with the mean of the survival probabilities at the
    start and end of each period; the protection leg discounts each period's default probability at
    the middle of the period.
    """

    def __init__(self, payments_per_year: int = 4):
        super().__init__()
        self.freq = payments_per_year

    def forward(self, hazards, pillar_ends, rate, recovery, quarters):
        dt = 1.0 / self.freq
        n = int(quarters.max())
        idx = torch.arange(1, n + 1, device=hazards.device, dtype=torch.float32)
        t = idx * dt
        tp = (idx - 1.0) * dt
        tm = (idx - 0.5) * dt
        starts = torch.cat([pillar_ends.new_zeros(1), pillar_ends[:-1]])
        widths = pillar_ends - starts
        last = torch.arange(pillar_ends.shape[0], device=hazards.device) == pillar_ends.shape[0] - 1

        def cum_hazard(tt):
            seg = (tt[:, None] - starts[None, :]).clamp(min=0.0)
            seg = torch.where(last[None, :], seg, torch.minimum(seg, widths[None, :]))
            return (hazards[:, None, :] * seg[None, :, :]).sum(-1)

        s = torch.exp(-cum_hazard(t))
        sp = torch.exp(-cum_hazard(tp))
        d = torch.exp(-rate[:, None] * t[None, :])
        dm = torch.exp(-rate[:, None] * tm[None, :])
        valid = idx[None, :] <= quarters[:, None].float()
        premium = torch.where(valid, dt * d * (0.5 * (s + sp)), 0.0).sum(1)
        protection = torch.where(valid, (1.0 - recovery)[:, None] * dm * (sp - s), 0.0).sum(1)
        return 1e4 * protection / premium


def get_inputs():
    hazards = torch.rand(num_contracts, num_pillars) * 0.05 + 0.003
    steps = torch.randint(2, 7, (num_pillars,)).float() * 0.25
    pillar_ends = torch.cumsum(steps, 0)
    rate = torch.rand(num_contracts) * 0.06
    recovery = torch.rand(num_contracts) * 0.4 + 0.2
    quarters = torch.randint(4, max_quarters + 1, (num_contracts,))
    return [hazards, pillar_ends, rate, recovery, quarters]


def get_init_inputs():
    return [4]
