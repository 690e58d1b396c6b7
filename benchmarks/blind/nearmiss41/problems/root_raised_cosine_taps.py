"""Unit-energy root-raised-cosine pulse-shaping filter taps for a bank of (roll-off, oversampling) designs."""

import math

import torch
import torch.nn as nn

num_filters = 50
num_taps = 121


class Model(nn.Module):
    """Root-raised-cosine taps h[k], k = 0 .. num_taps - 1, centred at k = (num_taps - 1) / 2.

    rolloff: (F,) excess bandwidth beta; sps: (F,) int64 samples per symbol. With t = (k - centre) / sps
    in symbol periods and x = 4 beta t:
    h = 1 - beta + 4 beta / pi at t = 0;
    h = beta / sqrt 2 ((1 + 2 / pi) sin(pi / (4 beta)) + (1 - 2 / pi) cos(pi / (4 beta))) where |x| = 1
    (within 1e-4);
    h = (sin(pi t (1 - beta)) + x cos(pi t (1 + beta))) / (pi t (1 - x^2)) elsewhere.
    Each filter is scaled to unit energy (sum h^2 = 1). Returns (F, num_taps).
    """

    def __init__(self, n_taps: int):
        super().__init__()
        self.n_taps = n_taps

    def forward(self, rolloff, sps):
        half = (self.n_taps - 1) // 2
        k = (torch.arange(self.n_taps, device=rolloff.device) - half).float()[None, :]
        t = k / sps[:, None].float()
        b = rolloff[:, None]
        x = 4.0 * b * t
        pt = math.pi * t
        general = (torch.sin(pt * (1.0 - b)) + x * torch.cos(pt * (1.0 + b))) / (pt * (1.0 - x * x))
        q = math.pi / (4.0 * b)
        edge = b / math.sqrt(2.0) * ((1.0 + 2.0 / math.pi) * torch.sin(q) + (1.0 - 2.0 / math.pi) * torch.cos(q))
        centre = 1.0 - b + 4.0 * b / math.pi
        h = torch.where(k == 0, centre, torch.where((x.abs() - 1.0).abs() < 1e-4, edge, general))
        return h / torch.sqrt((h * h).sum(1, keepdim=True))


def get_inputs():
    betas = torch.tensor([0.125, 0.25, 0.375, 0.5, 0.22, 0.3, 0.35])
    rates = torch.tensor([4, 5, 6, 8])
    rolloff = betas[torch.randint(0, betas.numel(), (num_filters,))]
    sps = rates[torch.randint(0, rates.numel(), (num_filters,))]
    return [rolloff, sps]


def get_init_inputs():
    return [num_taps]
