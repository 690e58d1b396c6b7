"""Length of the longest run of consecutive samples strictly above a per-row threshold (int64)."""

import torch
import torch.nn as nn

batch_size = 16
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, thr: torch.Tensor) -> torch.Tensor:
        above = x > thr[:, None]
        idx = torch.arange(x.shape[1], device=x.device).expand_as(x)
        reset = torch.where(above, torch.full_like(idx, -1), idx)
        last_reset = torch.cummax(reset, dim=1).values
        run = idx - last_reset
        return run.max(dim=1).values


def get_inputs():
    noise = torch.randn(batch_size, length)
    x = torch.empty(batch_size, length)
    x[:, 0] = noise[:, 0]
    for i in range(1, length):
        x[:, i] = 0.97 * x[:, i - 1] + 0.25 * noise[:, i]
    onset = torch.randint(20, 120, (batch_size, 1))
    shift = (torch.arange(length)[None, :] >= onset).float() * 3.0
    x = x + shift * (torch.arange(batch_size)[:, None] % 3 == 1).float()
    thr = torch.randn(batch_size) * 0.6
    thr[::5] = -100.0
    return [x, thr]


def get_init_inputs():
    return []
