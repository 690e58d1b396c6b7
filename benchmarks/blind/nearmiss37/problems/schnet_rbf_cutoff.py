"""Gaussian radial basis expansion of interatomic distances times a cosine cutoff envelope (SchNet-style edge features)."""

import math

import torch
import torch.nn as nn

num_edges = 1000
num_rbf = 50
cutoff = 5


class Model(nn.Module):
    def __init__(self, num_rbf: int, cutoff: int):
        super().__init__()
        self.k = num_rbf
        self.rc = float(cutoff)
        self.gamma = 10.0

    def forward(self, d: torch.Tensor) -> torch.Tensor:
        mu = torch.arange(self.k, device=d.device, dtype=d.dtype) * (self.rc / (self.k - 1))
        g = torch.exp(-self.gamma * (d[:, None] - mu[None, :]) ** 2)
        fc = 0.5 * (torch.cos(d * (math.pi / self.rc)) + 1.0)
        fc = torch.where(d < self.rc, fc, torch.zeros_like(fc))
        return g * fc[:, None]


def get_inputs():
    return [0.5 + 5.5 * torch.rand(num_edges)]


def get_init_inputs():
    return [num_rbf, cutoff]
