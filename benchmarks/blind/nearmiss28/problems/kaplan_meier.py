"""Kaplan-Meier survival and Nelson-Aalen cumulative hazard from daily life-table counts."""

import torch
import torch.nn as nn

num_groups = 24
num_days = 90


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, at_start: torch.Tensor, deaths: torch.Tensor, censored: torch.Tensor) -> torch.Tensor:
        # at_start: (G,) int64 subjects at day 0; deaths, censored: (G, D) int64 counts per day
        # returns (G, D, 2) float32 [S(day), H(day)]
        d = deaths.double()
        c = censored.double()
        exits = d + c
        left_before = torch.cumsum(exits, dim=1) - exits
        n = at_start.double()[:, None] - left_before
        h = d / n.clamp(min=1.0)
        s = torch.cumprod(1.0 - h, dim=1)
        cum_h = torch.cumsum(h, dim=1)
        return torch.stack([s, cum_h], dim=-1).float()


def get_inputs():
    g, days = num_groups, num_days
    n_max = 260
    size = torch.randint(150, n_max, (g,))
    present = torch.arange(n_max)[None, :] < size[:, None]
    mean_life = 30.0 + 60.0 * torch.rand(g, 1)
    event_day = torch.floor(-mean_life * torch.log(torch.rand(g, n_max)))
    censor_day = torch.floor(1.5 * days * torch.rand(g, n_max))
    day = torch.minimum(event_day, censor_day).long()
    is_event = event_day <= censor_day
    inside = present & (day < days)
    day = day.clamp(max=days - 1)
    deaths = torch.zeros(g, days, dtype=torch.int64)
    censored = torch.zeros(g, days, dtype=torch.int64)
    deaths.scatter_add_(1, day, (inside & is_event).long())
    censored.scatter_add_(1, day, (inside & ~is_event).long())
    return [size.long(), deaths, censored]


def get_init_inputs():
    return []
