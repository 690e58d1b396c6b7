"""RGB to HSV conversion of an NCHW image batch in [0, 1] (Python `colorsys` convention, hue in [0, 1))."""

import torch
import torch.nn as nn

batch_size = 4
height = 24
width = 24


class Model(nn.Module):
    """(N, 3, H, W) RGB -> (N, 3, H, W) HSV."""

    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        r, g, b = img[:, 0], img[:, 1], img[:, 2]
        maxc = torch.maximum(torch.maximum(r, g), b)
        minc = torch.minimum(torch.minimum(r, g), b)
        delta = maxc - minc
        s = delta / torch.where(maxc > 0, maxc, torch.ones_like(maxc))
        dsafe = torch.where(delta > 0, delta, torch.ones_like(delta))
        rc = (maxc - r) / dsafe
        gc = (maxc - g) / dsafe
        bc = (maxc - b) / dsafe
        h = torch.where(maxc == r, bc - gc, torch.where(maxc == g, 2.0 + rc - bc, 4.0 + gc - rc))
        h = torch.remainder(h / 6.0, 1.0)
        return torch.stack([h, s, maxc], dim=1)


def get_inputs():
    return [torch.rand(batch_size, 3, height, width)]


def get_init_inputs():
    return []
