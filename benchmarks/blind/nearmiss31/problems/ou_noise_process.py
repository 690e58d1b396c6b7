"""Ornstein-Uhlenbeck exploration noise (TorchRL-style), rolled out over a horizon from given standard-normal increments."""

import math

import torch
import torch.nn as nn

horizon = 64
batch_size = 32
action_dim = 6


class Model(nn.Module):
    def __init__(self, theta: float = 0.5, mu: float = 0.1, sigma: float = 0.3, dt: float = 0.1):
        super().__init__()
        self.theta = theta
        self.mu = mu
        self.sigma = sigma
        self.dt = dt

    def forward(self, x0: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        scale = self.sigma * math.sqrt(self.dt)
        x = x0
        states = []
        for t in range(noise.shape[0]):
            x = x + self.theta * (self.mu - x) * self.dt + scale * noise[t]
            states.append(x)
        return torch.stack(states, dim=0)


def get_inputs():
    x0 = torch.randn(batch_size, action_dim) * 0.5
    noise = torch.randn(horizon, batch_size, action_dim)
    return [x0, noise]


def get_init_inputs():
    return [0.5, 0.1, 0.3, 0.1]
