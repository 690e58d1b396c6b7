"""S-shaped ReLU (Jin et al. 2016) with per-channel learnable thresholds and slopes on (batch, channel, length)
inputs; the right threshold is the left one plus |t_right|."""

import torch
import torch.nn as nn

batch_size = 16
channels = 24
length = 50


class Model(nn.Module):
    def __init__(self, num_channels: int):
        super().__init__()
        self.t_left = nn.Parameter(-0.8 + 0.3 * torch.randn(num_channels))
        self.a_left = nn.Parameter(0.2 * torch.rand(num_channels))
        self.t_right = nn.Parameter(1.5 + 0.3 * torch.randn(num_channels))
        self.a_right = nn.Parameter(0.5 + torch.rand(num_channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        t_l = self.t_left.view(1, -1, 1)
        t_r = t_l + self.t_right.abs().view(1, -1, 1)
        a_l = self.a_left.view(1, -1, 1)
        a_r = self.a_right.view(1, -1, 1)
        upper = t_r + a_r * (x - t_r)
        lower = t_l + a_l * (x - t_l)
        return torch.where(x >= t_r, upper, torch.where(x <= t_l, lower, x))


def get_inputs():
    return [torch.randn(batch_size, channels, length) * 1.5]


def get_init_inputs():
    return [channels]
