"""Percentage-closer filtering of a shadow map: the fraction of the 3 x 3 texels around each lookup (clamped to the border) whose depth is not in front of the biased receiver depth."""

import torch
import torch.nn as nn

batch_size = 2
height = 48
width = 64
num_queries = 700


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = 0.005

    def forward(self, depth: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        B, H, W = depth.shape
        cx = torch.floor(query[..., 0] * W).long()
        cy = torch.floor(query[..., 1] * H).long()
        z = query[..., 2] - self.bias
        lit = torch.zeros_like(z)
        flat = depth.reshape(B, -1)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                yy = (cy + dy).clamp(0, H - 1)
                xx = (cx + dx).clamp(0, W - 1)
                d = torch.gather(flat, 1, yy * W + xx)
                lit = lit + (z <= d).to(z.dtype)
        return lit / 9.0


def get_inputs():
    yy = torch.linspace(0, 1, height)[:, None]
    xx = torch.linspace(0, 1, width)[None, :]
    base = 0.5 + 0.2 * torch.sin(6.0 * xx) * torch.cos(4.0 * yy)
    depth = base[None] + 0.05 * torch.rand(batch_size, height, width)
    depth[:, 10:25, 20:40] -= 0.2
    u = -0.03 + 1.06 * torch.rand(batch_size, num_queries)
    v = -0.03 + 1.06 * torch.rand(batch_size, num_queries)
    ix = torch.floor(u * width).long().clamp(0, width - 1)
    iy = torch.floor(v * height).long().clamp(0, height - 1)
    z = depth[torch.arange(batch_size)[:, None], iy, ix] + 0.03 * torch.randn(batch_size, num_queries)
    return [depth, torch.stack([u, v, z], dim=-1)]


def get_init_inputs():
    return []
