"""KAN B-spline bases (efficient-KAN b_splines): Cox-de Boor recursion of order spline_order on a uniform grid
extended by spline_order knots on each side; returns (B, in_features, grid_size + spline_order)."""

import torch
import torch.nn as nn

batch_size = 16
in_features = 12
grid_size = 5
spline_order = 3


class Model(nn.Module):
    def __init__(self, in_features, grid_size, spline_order, grid_lo=-1.0, grid_hi=1.0):
        super().__init__()
        h = (grid_hi - grid_lo) / grid_size
        grid = torch.arange(-spline_order, grid_size + spline_order + 1, dtype=torch.float32) * h + grid_lo
        self.register_buffer("grid", grid.expand(in_features, -1).contiguous())
        self.spline_order = spline_order

    def forward(self, x):
        grid = self.grid
        x = x.unsqueeze(-1)
        bases = ((x >= grid[:, :-1]) & (x < grid[:, 1:])).to(x.dtype)
        for k in range(1, self.spline_order + 1):
            bases = ((x - grid[:, : -(k + 1)]) / (grid[:, k:-1] - grid[:, : -(k + 1)]) * bases[:, :, :-1]) + (
                (grid[:, k + 1:] - x) / (grid[:, k + 1:] - grid[:, 1:(-k)]) * bases[:, :, 1:])
        return bases.contiguous()


def get_inputs():
    return [torch.rand(batch_size, in_features) * 3.0 - 1.5]


def get_init_inputs():
    return [in_features, grid_size, spline_order]
