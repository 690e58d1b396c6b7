"""Item-based collaborative filtering predictions: sum_j s(i, j) r(u, j) / sum_j |s(i, j)| over the items j the user rated; 0 for items the user already rated."""

import torch
import torch.nn as nn

num_users = 100
num_items = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 1e-8

    def forward(self, ratings: torch.Tensor, sim: torch.Tensor) -> torch.Tensor:
        rated = (ratings > 0).to(ratings.dtype)
        num = ratings @ sim.t()
        den = rated @ sim.abs().t()
        pred = num / (den + self.eps)
        return torch.where(rated > 0, torch.zeros_like(pred), pred)


def get_inputs():
    mask = torch.rand(num_users, num_items) < 0.12
    ratings = mask.float() * torch.randint(1, 6, (num_users, num_items)).float()
    sim = torch.rand(num_items, num_items) * 1.4 - 0.4
    sim.fill_diagonal_(0.0)
    return [ratings, sim]


def get_init_inputs():
    return []
