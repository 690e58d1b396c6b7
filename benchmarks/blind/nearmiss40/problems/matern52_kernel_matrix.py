"""Matern-5/2 covariance matrix with automatic relevance determination (ARD) lengthscales.

r = sqrt(sum_k ((x1_k - x2_k) / l_k)^2), K = s^2 (1 + sqrt(5) r + 5 r^2 / 3) exp(-sqrt(5) r) (Rasmussen and
Williams 2006, eq. 4.17), between n1 training and n2 test points in num_dims dimensions. Some test points
coincide with training points (r = 0, K = s^2).
"""

import math

import torch
import torch.nn as nn

n1 = 200
n2 = 150
num_dims = 6
outputscale = 1.7


class Model(nn.Module):
    def __init__(self, outputscale: float):
        super().__init__()
        self.outputscale = outputscale

    def forward(self, x1: torch.Tensor, x2: torch.Tensor, lengthscale: torch.Tensor) -> torch.Tensor:
        diff = (x1[:, None, :] - x2[None, :, :]) / lengthscale
        r2 = (diff * diff).sum(dim=2)
        r = torch.sqrt(r2)
        s5r = math.sqrt(5.0) * r
        return self.outputscale * (1.0 + s5r + (5.0 / 3.0) * r2) * torch.exp(-s5r)


def get_inputs():
    x1 = torch.rand(n1, num_dims) * torch.empty(1, num_dims).uniform_(1.0, 10.0)
    x2 = torch.rand(n2, num_dims) * x1.max(dim=0, keepdim=True).values
    pick = torch.randperm(n1)[: n2 // 10]
    x2[: n2 // 10] = x1[pick]
    lengthscale = torch.empty(num_dims).uniform_(0.3, 4.0)
    return [x1, x2, lengthscale]


def get_init_inputs():
    return [outputscale]
