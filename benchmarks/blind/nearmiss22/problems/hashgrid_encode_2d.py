"""Multiresolution hash encoding in 2-D (instant-NGP): for each level l with resolution base * scale^l, the
point's four surrounding grid vertices index a table of size T directly ((res + 1)^2 <= T: x + y * (res + 1))
or through the spatial hash (x XOR y * 2654435761) mod T; their features are bilinearly interpolated and the
levels concatenated, giving (num_points, num_levels * features_per_level)."""

import torch
import torch.nn as nn

num_points = 200
num_levels = 6
table_size = 1024
features_per_level = 2
base_resolution = 4
per_level_scale = 2


class Model(nn.Module):
    def __init__(self, num_levels: int, table_size: int, features_per_level: int, base_resolution: int,
                 per_level_scale: int):
        super().__init__()
        self.embeddings = nn.Parameter(torch.randn(num_levels, table_size, features_per_level) * 0.1)
        self.num_levels, self.table_size = num_levels, table_size
        self.base_resolution, self.per_level_scale = base_resolution, per_level_scale

    def forward(self, coords):
        T = self.table_size
        outs = []
        for l in range(self.num_levels):
            res = self.base_resolution * self.per_level_scale ** l
            pos = coords * res
            p0 = torch.floor(pos).long()
            w = pos - p0
            feats = torch.zeros(coords.shape[0], self.embeddings.shape[-1], device=coords.device, dtype=coords.dtype)
            for dx in (0, 1):
                for dy in (0, 1):
                    cx = p0[:, 0] + dx
                    cy = p0[:, 1] + dy
                    if (res + 1) ** 2 <= T:
                        idx = cx + cy * (res + 1)
                    else:
                        idx = (cx ^ (cy * 2654435761)) & (T - 1)
                    wx = w[:, 0] if dx else 1.0 - w[:, 0]
                    wy = w[:, 1] if dy else 1.0 - w[:, 1]
                    feats = feats + (wx * wy)[:, None] * self.embeddings[l, idx]
            outs.append(feats)
        return torch.cat(outs, dim=1)


def get_inputs():
    return [torch.rand(num_points, 2)]


def get_init_inputs():
    return [num_levels, table_size, features_per_level, base_resolution, per_level_scale]
