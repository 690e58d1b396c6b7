"""Z-buffer rasterisation of screen-space triangles (x, y, depth per vertex): at every pixel centre, the
nearest barycentric-interpolated depth among the triangles (either winding) that cover it, else `far`."""

import torch
import torch.nn as nn

height = 24
width = 32
num_tris = 20


def _edge(ax, ay, bx, by, px, py):
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax)


class Model(nn.Module):
    def __init__(self, height: int, width: int, far: float):
        super().__init__()
        self.height = height
        self.width = width
        self.far = far

    def forward(self, tris: torch.Tensor) -> torch.Tensor:
        ys = torch.arange(self.height, dtype=tris.dtype, device=tris.device) + 0.5
        xs = torch.arange(self.width, dtype=tris.dtype, device=tris.device) + 0.5
        py = ys[:, None].expand(self.height, self.width).reshape(-1, 1)
        px = xs[None, :].expand(self.height, self.width).reshape(-1, 1)
        x0, y0, z0 = tris[None, :, 0, 0], tris[None, :, 0, 1], tris[None, :, 0, 2]
        x1, y1, z1 = tris[None, :, 1, 0], tris[None, :, 1, 1], tris[None, :, 1, 2]
        x2, y2, z2 = tris[None, :, 2, 0], tris[None, :, 2, 1], tris[None, :, 2, 2]
        area = _edge(x0, y0, x1, y1, x2, y2)
        w0 = _edge(x1, y1, x2, y2, px, py)
        w1 = _edge(x2, y2, x0, y0, px, py)
        w2 = _edge(x0, y0, x1, y1, px, py)
        inside = (w0 * area >= 0) & (w1 * area >= 0) & (w2 * area >= 0)
        z = (w0 * z0 + w1 * z1 + w2 * z2) / area
        depth = torch.where(inside, z, torch.full_like(z, self.far)).amin(dim=1)
        return depth.reshape(self.height, self.width)


def get_inputs():
    centre = torch.rand(num_tris, 1, 2) * torch.tensor([width, height], dtype=torch.float32)
    xy = centre + 5.0 * torch.randn(num_tris, 3, 2)
    z = 1.0 + 9.0 * torch.rand(num_tris, 3, 1)
    return [torch.cat([xy, z], dim=2)]


def get_init_inputs():
    return [height, width, 100.0]
