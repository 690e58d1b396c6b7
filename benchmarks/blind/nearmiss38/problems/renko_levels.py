"""Renko brick levels of close-price series (classic Renko, two-box reversal)."""

import torch
import torch.nn as nn

batch_size = 6
length = 400
BOX = 0.5


class Model(nn.Module):
    def __init__(self, box: float):
        super().__init__()
        self.box = box

    def forward(self, close: torch.Tensor) -> torch.Tensor:
        box = self.box
        level = torch.floor(close[:, 0] / box) * box
        direction = torch.zeros_like(level)
        out = torch.empty_like(close)
        for t in range(close.shape[1]):
            c = close[:, t]
            thr_up = torch.where(direction < 0, 2.0 * box, box)
            thr_dn = torch.where(direction > 0, 2.0 * box, box)
            up = (c - level) >= thr_up
            dn = ((level - c) >= thr_dn) & ~up
            n_up = torch.floor((c - level) / box)
            n_dn = torch.floor((level - c) / box)
            level = torch.where(up, level + n_up * box, torch.where(dn, level - n_dn * box, level))
            direction = torch.where(up, torch.ones_like(direction), torch.where(dn, -torch.ones_like(direction), direction))
            out[:, t] = level
        return out


def get_inputs():
    steps = torch.randint(-3, 4, (batch_size, length)).float() / 8.0
    start = 12.0 + torch.randint(0, 80, (batch_size, 1)).float() / 8.0
    close = start + torch.cumsum(steps, dim=1)
    return [close]


def get_init_inputs():
    return [BOX]
