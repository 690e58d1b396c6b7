"""Dead-reckoning odometry of differential-drive robots from per-step wheel travel (second-order update)."""

import torch
import torch.nn as nn

num_robots = 50
num_steps = 200

WHEEL_BASE = 0.45


class Model(nn.Module):
    def __init__(self, wheel_base: float):
        super().__init__()
        self.wheel_base = wheel_base

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        # left, right: (R, T) wheel travel per step in m; returns (R, T, 3) float32 poses [x, y, heading]
        r, t = left.shape
        x = torch.zeros(r, device=left.device, dtype=left.dtype)
        y = torch.zeros_like(x)
        th = torch.zeros_like(x)
        out = torch.empty(r, t, 3, device=left.device, dtype=left.dtype)
        for i in range(t):
            ds = 0.5 * (right[:, i] + left[:, i])
            dth = (right[:, i] - left[:, i]) / self.wheel_base
            mid = th + 0.5 * dth
            x = x + ds * torch.cos(mid)
            y = y + ds * torch.sin(mid)
            th = th + dth
            out[:, i, 0] = x
            out[:, i, 1] = y
            out[:, i, 2] = th
        return out


def get_inputs():
    r, t = num_robots, num_steps
    speed = 0.03 + 0.04 * torch.rand(r, 1) + 0.005 * torch.randn(r, t)
    turn = 0.01 * torch.randn(r, 1) + 0.004 * torch.cumsum(torch.randn(r, t), dim=1) / (t ** 0.5)
    left = speed - 0.5 * WHEEL_BASE * turn
    right = speed + 0.5 * WHEEL_BASE * turn
    return [left, right]


def get_init_inputs():
    return [WHEEL_BASE]
