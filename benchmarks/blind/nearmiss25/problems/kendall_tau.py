"""Kendall rank correlation (tau-a) per pair of series: sum over pairs i < j of
sign(x_i - x_j) * sign(y_i - y_j), divided by n (n - 1) / 2."""

import torch
import torch.nn as nn

batch_size = 16
length = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        sx = torch.sign(x[:, :, None] - x[:, None, :])
        sy = torch.sign(y[:, :, None] - y[:, None, :])
        s = torch.triu(sx * sy, diagonal=1).sum(dim=(1, 2))
        return s / (n * (n - 1) / 2)


def get_inputs():
    x = torch.randn(batch_size, length)
    rho = torch.linspace(0.2, 0.9, batch_size)[:, None]
    y = rho * x + torch.sqrt(1.0 - rho * rho) * torch.randn(batch_size, length)
    return [x, y]


def get_init_inputs():
    return []
