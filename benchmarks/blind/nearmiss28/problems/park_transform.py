"""Clarke-Park transform of three-phase currents into the rotating frame: amplitude-invariant [d, q, 0]."""

import math

import torch
import torch.nn as nn

num_samples = 5000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, iabc: torch.Tensor, theta: torch.Tensor) -> torch.Tensor:
        # iabc: (N, 3) phase currents [a, b, c]; theta: (N,) electrical angle (rad); returns (N, 3) [d, q, 0]
        ia, ib, ic = iabc.unbind(dim=1)
        tb = theta - 2.0 * math.pi / 3.0
        tc = theta + 2.0 * math.pi / 3.0
        d = (2.0 / 3.0) * (ia * torch.cos(theta) + ib * torch.cos(tb) + ic * torch.cos(tc))
        q = -(2.0 / 3.0) * (ia * torch.sin(theta) + ib * torch.sin(tb) + ic * torch.sin(tc))
        z = (ia + ib + ic) / 3.0
        return torch.stack([d, q, z], dim=1)


def get_inputs():
    n = num_samples
    theta = 2.0 * math.pi * torch.rand(n)
    amp = 5.0 + 10.0 * torch.rand(n)
    phi = 0.6 * torch.rand(n) - 0.3
    shifts = torch.tensor([0.0, -2.0 * math.pi / 3.0, 2.0 * math.pi / 3.0])
    iabc = amp[:, None] * torch.cos(theta[:, None] + shifts[None, :] + phi[:, None])
    iabc = iabc + 0.4 * torch.randn(n, 3)
    return [iabc, theta]


def get_init_inputs():
    return []
