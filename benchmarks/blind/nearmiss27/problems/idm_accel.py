"""Intelligent Driver Model (IDM) accelerations of vehicles on single-lane ring roads."""

import math

import torch
import torch.nn as nn

num_roads = 16
num_vehicles = 60
ring_length = 2400


class Model(nn.Module):
    def __init__(self, road_len: int):
        super().__init__()
        self.road_len = float(road_len)
        self.v0 = 30.0
        self.headway = 1.5
        self.a_max = 1.0
        self.b_comf = 1.5
        self.s0 = 2.0
        self.veh_len = 5.0

    def forward(self, pos: torch.Tensor, vel: torch.Tensor) -> torch.Tensor:
        # pos: (R, N) increasing positions (m) on a ring of length road_len, vehicle j follows j + 1
        # (the last follows the first, one lap ahead); vel: (R, N) m/s. Returns (R, N) accelerations (m/s^2).
        lead_pos = torch.roll(pos, -1, 1)
        lead_pos = torch.where(lead_pos < pos, lead_pos + self.road_len, lead_pos)
        gap = lead_pos - pos - self.veh_len
        dv = vel - torch.roll(vel, -1, 1)
        s_star = self.s0 + (vel * self.headway + vel * dv / (2.0 * math.sqrt(self.a_max * self.b_comf))).clamp_min(0.0)
        return self.a_max * (1.0 - (vel / self.v0) ** 4 - (s_star / gap) ** 2)


def get_inputs():
    spacing = ring_length / num_vehicles
    jitter = (torch.rand(num_roads, num_vehicles) - 0.5) * (spacing - 20.0)
    pos = (torch.arange(num_vehicles, dtype=torch.float32) + 0.5) * spacing + jitter
    vel = (6.0 + 14.0 * torch.rand(num_roads, 1) + 1.5 * torch.randn(num_roads, num_vehicles)).clamp_min(0.5)
    return [pos, vel]


def get_init_inputs():
    return [ring_length]
