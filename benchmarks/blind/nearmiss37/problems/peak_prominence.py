"""Topographic prominence of every strict local maximum (as scipy.signal.peak_prominences); 0 elsewhere."""

import torch
import torch.nn as nn

batch_size = 4
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, n = x.shape
        idx = torch.arange(n, device=x.device)
        left_min = x.clone()
        right_min = x.clone()
        alive_l = torch.ones_like(x, dtype=torch.bool)
        alive_r = torch.ones_like(x, dtype=torch.bool)
        for d in range(1, n):
            jl = (idx - d).clamp(min=0)
            jr = (idx + d).clamp(max=n - 1)
            vl = x[:, jl]
            vr = x[:, jr]
            alive_l = alive_l & (idx - d >= 0) & (vl <= x)
            alive_r = alive_r & (idx + d < n) & (vr <= x)
            left_min = torch.where(alive_l, torch.minimum(left_min, vl), left_min)
            right_min = torch.where(alive_r, torch.minimum(right_min, vr), right_min)
        prev = torch.cat([x[:, :1], x[:, :-1]], dim=1)
        nxt = torch.cat([x[:, 1:], x[:, -1:]], dim=1)
        is_peak = (x > prev) & (x > nxt)
        prom = x - torch.maximum(left_min, right_min)
        return torch.where(is_peak, prom, torch.zeros_like(x))


def get_inputs():
    walk = torch.cumsum(torch.randn(batch_size, length), dim=1) * 0.7
    return [walk + torch.randn(batch_size, length) * 0.8]


def get_init_inputs():
    return []
