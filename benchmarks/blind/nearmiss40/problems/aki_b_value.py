"""Gutenberg-Richter b-value of earthquake catalogues by maximum likelihood, with its Shi-Bolt uncertainty.

Catalogue i holds lengths[i] magnitudes (the rest of its row is padding). Events with M >= Mc (the
catalogue's completeness magnitude) are used: b = log10(e) / (mean(M) - (Mc - dM / 2)) (Aki 1965 with Utsu's
correction for magnitudes binned at dM) and sigma_b = 2.30 b^2 sqrt(sum (M - mean)^2 / (n (n - 1)))
(Shi and Bolt 1982). Output (num_catalogs, 2): b and sigma_b.
"""

import math

import torch
import torch.nn as nn

num_catalogs = 40
max_events = 600
bin_width = 0.1


class Model(nn.Module):
    def __init__(self, bin_width: float):
        super().__init__()
        self.bin_width = bin_width

    def forward(self, mags: torch.Tensor, lengths: torch.Tensor, mc: torch.Tensor) -> torch.Tensor:
        idx = torch.arange(mags.shape[1], device=mags.device)
        sel = (idx[None, :] < lengths[:, None]) & (mags >= mc[:, None])
        cnt = sel.sum(dim=1).to(mags.dtype)
        mean = torch.where(sel, mags, torch.zeros_like(mags)).sum(dim=1) / cnt
        b = math.log10(math.e) / (mean - (mc - 0.5 * self.bin_width))
        dev = torch.where(sel, mags - mean[:, None], torch.zeros_like(mags))
        var = (dev * dev).sum(dim=1) / (cnt * (cnt - 1.0))
        sigma = 2.30 * b * b * torch.sqrt(var)
        return torch.stack([b, sigma], dim=1)


def get_inputs():
    c, m = num_catalogs, max_events
    lengths = torch.randint(m // 4, m + 1, (c,))
    mc = torch.empty(c).uniform_(1.0, 2.6)
    b_true = torch.empty(c, 1).uniform_(0.7, 1.3)
    above = mc[:, None] + torch.empty(c, m).exponential_(1.0) / (b_true * math.log(10.0))
    below = mc[:, None] - torch.rand(c, m) * 1.2
    mags = torch.where(torch.rand(c, m) < 0.25, below, above)
    mags = torch.where(torch.arange(m)[None, :] < lengths[:, None], mags, torch.zeros_like(mags))
    return [mags, lengths, mc]


def get_init_inputs():
    return [bin_width]
