"""Heikin-Ashi candles (open, high, low, close) from OHLC bars."""

import torch
import torch.nn as nn

batch_size = 6
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, o, h, l, c):
        ha_c = (o + h + l + c) / 4.0
        ha_o = torch.empty_like(o)
        prev = (o[:, 0] + c[:, 0]) / 2.0
        ha_o[:, 0] = prev
        for t in range(1, o.shape[1]):
            prev = (prev + ha_c[:, t - 1]) / 2.0
            ha_o[:, t] = prev
        ha_h = torch.maximum(h, torch.maximum(ha_o, ha_c))
        ha_l = torch.minimum(l, torch.minimum(ha_o, ha_c))
        return torch.stack([ha_o, ha_h, ha_l, ha_c], dim=-1)


def get_inputs():
    close = 50.0 + torch.cumsum(torch.randn(batch_size, length), dim=1)
    gap = torch.randn(batch_size, length) * 1.5
    opn = torch.cat([close[:, :1], close[:, :-1]], dim=1) + gap
    body_hi = torch.maximum(opn, close)
    body_lo = torch.minimum(opn, close)
    high = body_hi + torch.rand(batch_size, length) * 0.4
    low = body_lo - torch.rand(batch_size, length) * 0.4
    q = lambda t: torch.round(t * 32.0) / 32.0
    return [q(opn), q(high), q(low), q(close)]


def get_init_inputs():
    return []
