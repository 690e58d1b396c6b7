"""Sample cross-covariance of two sets of column variables: (X - mean X)^T (Y - mean Y) / (N - 1)."""

import torch
import torch.nn as nn

num_samples = 200
dim_x = 48
dim_y = 70


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        xc = x - x.mean(dim=0, keepdim=True)
        yc = y - y.mean(dim=0, keepdim=True)
        return xc.T @ yc / (x.shape[0] - 1)


def get_inputs():
    x = torch.randn(num_samples, dim_x) + torch.rand(dim_x) * 4.0
    y = torch.randn(num_samples, dim_y) * 0.5 + torch.rand(dim_y) * 3.0 - 1.5
    k = min(dim_x, dim_y)
    y[:, :k] += 0.7 * x[:, :k]
    return [x, y]


def get_init_inputs():
    return []
