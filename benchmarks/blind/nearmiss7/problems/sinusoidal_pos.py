"""Sinusoidal embedding of scalar positions / timesteps: [sin(p * f_i), cos(p * f_i)]."""

import math

import torch
import torch.nn as nn

num_positions = 160
half_dim = 50


class Model(nn.Module):
    def __init__(self, half_dim: int):
        super().__init__()
        self.half_dim = half_dim

    def forward(self, positions: torch.Tensor) -> torch.Tensor:
        exponent = -math.log(10000.0) * torch.arange(self.half_dim, dtype=torch.float32) / self.half_dim
        freqs = torch.exp(exponent)
        args = positions[:, None] * freqs[None, :]
        return torch.cat([torch.sin(args), torch.cos(args)], dim=-1)


def get_inputs():
    return [torch.rand(num_positions) * 100.0]


def get_init_inputs():
    return [half_dim]
