"""Hysteresis (Schmitt trigger) thresholding of each row: the state turns on above the high threshold, off below the
low threshold, and otherwise keeps its previous value (initially off). Returns int64 states."""

import torch
import torch.nn as nn

batch_size = 8
length = 1000
high_thresh = 1.0
low_thresh = -0.5


class Model(nn.Module):
    def __init__(self, high_thresh: float, low_thresh: float):
        super().__init__()
        self.hi = high_thresh
        self.lo = low_thresh

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        state = torch.zeros(x.shape[0], dtype=torch.int64, device=x.device)
        out = torch.empty(x.shape, dtype=torch.int64, device=x.device)
        for t in range(x.shape[1]):
            v = x[:, t]
            state = torch.where(v > self.hi, torch.ones_like(state), torch.where(v < self.lo, torch.zeros_like(state), state))
            out[:, t] = state
        return out


def get_inputs():
    n = torch.arange(length, dtype=torch.float32)
    phase = 6.28 * torch.rand(batch_size, 1)
    return [0.9 * torch.sin(0.03 * n + phase) + 0.5 * torch.randn(batch_size, length)]


def get_init_inputs():
    return [high_thresh, low_thresh]
