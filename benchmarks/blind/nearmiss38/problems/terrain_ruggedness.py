"""Riley terrain ruggedness index of a DEM (edge cells replicate their border neighbours)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 40
width = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dem: torch.Tensor) -> torch.Tensor:
        h, w = dem.shape[-2:]
        p = F.pad(dem[:, None], (1, 1, 1, 1), mode="replicate")[:, 0]
        acc = torch.zeros_like(dem)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                d = p[:, 1 + dy:1 + dy + h, 1 + dx:1 + dx + w] - dem
                acc = acc + d * d
        return torch.sqrt(acc)


def get_inputs():
    coarse = 200.0 * torch.rand(batch_size, 1, height // 5 + 1, width // 5 + 1)
    dem = F.interpolate(coarse, size=(height, width), mode="bicubic", align_corners=True)[:, 0]
    dem = dem + 3.0 * torch.randn(batch_size, height, width)
    dem = torch.round(dem * 2.0) / 2.0
    return [dem]


def get_init_inputs():
    return []
