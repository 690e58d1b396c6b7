"""Laspeyres, Paasche and Fisher ideal price indices of baskets between two periods."""

import torch
import torch.nn as nn

num_baskets = 64
num_goods = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p0: torch.Tensor, q0: torch.Tensor, p1: torch.Tensor, q1: torch.Tensor) -> torch.Tensor:
        lasp = (p1 * q0).sum(dim=1) / (p0 * q0).sum(dim=1)
        paas = (p1 * q1).sum(dim=1) / (p0 * q1).sum(dim=1)
        fisher = torch.sqrt(lasp * paas)
        return torch.stack([lasp, paas, fisher], dim=1)


def get_inputs():
    p0 = 1.0 + 9.0 * torch.rand(num_baskets, num_goods)
    p1 = p0 * torch.exp(0.1 * torch.randn(num_baskets, num_goods) + 0.02)
    q0 = 20.0 * torch.rand(num_baskets, num_goods)
    q1 = q0 * torch.exp(-1.5 * torch.log(p1 / p0) + 0.2 * torch.randn(num_baskets, num_goods))
    q0 = torch.where(torch.rand(num_baskets, num_goods) < 0.1, torch.zeros_like(q0), q0)
    return [p0, q0, p1, q1]


def get_init_inputs():
    return []
