"""PointPillars scatter: place each pillar's feature vector into a zeroed (batch, C, H, W) BEV canvas at its (batch, y, x) cell."""

import torch
import torch.nn as nn

batch_size = 2
num_channels = 16
grid_h = 24
grid_w = 40
num_pillars = 300


class Model(nn.Module):
    def __init__(self, batch_size: int, grid_h: int, grid_w: int):
        super().__init__()
        self.batch_size = batch_size
        self.grid_h = grid_h
        self.grid_w = grid_w

    def forward(self, features: torch.Tensor, coords: torch.Tensor) -> torch.Tensor:
        C = features.shape[1]
        canvas = torch.zeros(self.batch_size, C, self.grid_h * self.grid_w, dtype=features.dtype, device=features.device)
        idx = coords[:, 1] * self.grid_w + coords[:, 2]
        canvas[coords[:, 0], :, idx] = features
        return canvas.view(self.batch_size, C, self.grid_h, self.grid_w)


def get_inputs():
    flat = torch.randperm(batch_size * grid_h * grid_w)[:num_pillars]
    b = flat // (grid_h * grid_w)
    y = (flat // grid_w) % grid_h
    x = flat % grid_w
    coords = torch.stack([b, y, x], dim=1)
    return [torch.randn(num_pillars, num_channels), coords]


def get_init_inputs():
    return [batch_size, grid_h, grid_w]
