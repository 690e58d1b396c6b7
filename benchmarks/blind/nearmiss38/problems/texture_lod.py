"""Mip level of detail with anisotropic filtering (EXT_texture_filter_anisotropic footprint rule)."""

import torch
import torch.nn as nn

batch_size = 2
height = 40
width = 48
TEX_WIDTH = 256
TEX_HEIGHT = 64
MAX_ANISO = 8
LOD_BIAS = -0.25


class Model(nn.Module):
    def __init__(self, tex_width: int, tex_height: int, max_aniso: int, lod_bias: float):
        super().__init__()
        self.tw = float(tex_width)
        self.th = float(tex_height)
        self.max_aniso = float(max_aniso)
        self.bias = lod_bias
        self.max_level = float(max(tex_width, tex_height).bit_length() - 1)

    def forward(self, grads: torch.Tensor) -> torch.Tensor:
        dudx, dvdx, dudy, dvdy = grads.unbind(dim=-1)
        px = torch.sqrt((dudx * self.tw) ** 2 + (dvdx * self.th) ** 2)
        py = torch.sqrt((dudy * self.tw) ** 2 + (dvdy * self.th) ** 2)
        pmax = torch.maximum(px, py)
        pmin = torch.minimum(px, py)
        n = torch.minimum(torch.ceil(pmax / pmin), torch.full_like(pmax, self.max_aniso))
        lod = torch.log2(pmax / n) + self.bias
        return torch.clamp(lod, 0.0, self.max_level)


def get_inputs():
    ys = torch.linspace(0.05, 1.0, height)[None, :, None, None]
    scale = 0.002 / ys ** 2
    g = torch.randn(batch_size, height, width, 4) * scale
    stretch = torch.exp(3.0 * torch.rand(batch_size, height, width, 1))
    g = torch.cat([g[..., :2] * stretch, g[..., 2:]], dim=-1)
    return [g]


def get_init_inputs():
    return [TEX_WIDTH, TEX_HEIGHT, MAX_ANISO, LOD_BIAS]
