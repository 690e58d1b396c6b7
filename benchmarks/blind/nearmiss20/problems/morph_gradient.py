"""Morphological gradient (kornia.morphology.gradient, geodesic border): dilation minus erosion with
a flat 3x3 structuring element given as an integer mask; neighbours outside the image or outside the
element are ignored."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 2
height = 20
width = 27


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, se: torch.Tensor) -> torch.Tensor:
        B, C, H, W = x.shape
        kh, kw = se.shape
        inf = float("inf")
        pad_lo = F.pad(x, (kw // 2, kw // 2, kh // 2, kh // 2), value=-inf)
        pad_hi = F.pad(x, (kw // 2, kw // 2, kh // 2, kh // 2), value=inf)
        dil = torch.full_like(x, -inf)
        ero = torch.full_like(x, inf)
        for i in range(kh):
            for j in range(kw):
                if int(se[i, j]) != 0:
                    dil = torch.maximum(dil, pad_lo[:, :, i:i + H, j:j + W])
                    ero = torch.minimum(ero, pad_hi[:, :, i:i + H, j:j + W])
        return dil - ero


def get_inputs():
    x = torch.rand(batch_size, channels, height, width) * 0.8 + 0.1
    se = torch.tensor([[0, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=torch.int32)
    return [x, se]


def get_init_inputs():
    return []
