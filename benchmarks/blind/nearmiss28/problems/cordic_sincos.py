"""Fixed-point CORDIC in rotation mode: Q2.30 angles in [-pi/2, pi/2] to Q2.30 [cos, sin]."""

import math

import torch
import torch.nn as nn

num_angles = 1000
iterations = 28

FRAC_BITS = 30
ATAN_TABLE = [int(round(math.atan(2.0 ** -i) * (1 << FRAC_BITS))) for i in range(40)]
GAIN_Q = int(round((1 << FRAC_BITS) / math.prod(math.sqrt(1.0 + 4.0 ** -i) for i in range(40))))


class Model(nn.Module):
    def __init__(self, iters: int):
        super().__init__()
        self.iters = iters

    def forward(self, angle_q: torch.Tensor) -> torch.Tensor:
        # angle_q: (N,) int64 angles scaled by 2^30; returns (N, 2) int64 [cos, sin] scaled by 2^30
        x = torch.full_like(angle_q, GAIN_Q)
        y = torch.zeros_like(angle_q)
        z = angle_q.clone()
        for i in range(self.iters):
            d = torch.where(z >= 0, torch.ones_like(z), -torch.ones_like(z))
            xn = x - d * (y >> i)
            y = y + d * (x >> i)
            x = xn
            z = z - d * ATAN_TABLE[i]
        return torch.stack([x, y], dim=1)


def get_inputs():
    theta = (torch.rand(num_angles, dtype=torch.float64) - 0.5) * math.pi
    return [torch.round(theta * (1 << FRAC_BITS)).long()]


def get_init_inputs():
    return [iterations]
