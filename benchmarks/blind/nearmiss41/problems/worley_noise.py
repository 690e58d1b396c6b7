"""Tileable Worley (cellular) noise: distances to the nearest and second-nearest feature points."""

import torch
import torch.nn as nn

num_textures = 4
height = 60
width = 90
cells = 6


class Model(nn.Module):
    """F1 and F2 Worley distances of every pixel of periodic textures.

    jitter: (T, G, G, 2) feature-point offset (x, y) in [0, 1) inside each of the G x G cells (row-major
    over cell rows, then cell columns). Pixel (y, x) of an H x W texture sits at ((x + 0.5) G / W,
    (y + 0.5) G / H) in cell units. The 3 x 3 cells around the pixel's cell are searched; a neighbour
    cell index wraps around the texture (periodic tiling) but its feature point keeps the unwrapped
    cell position. Returns (T, 2, H, W): the smallest and the second smallest Euclidean distance.
    """

    def __init__(self, out_height: int, out_width: int):
        super().__init__()
        self.h = out_height
        self.w = out_width

    def forward(self, jitter):
        g = jitter.shape[1]
        dev = jitter.device
        ys = (torch.arange(self.h, device=dev) + 0.5) * (g / self.h)
        xs = (torch.arange(self.w, device=dev) + 0.5) * (g / self.w)
        cy = torch.floor(ys).long()
        cx = torch.floor(xs).long()
        dists = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                ny = cy + dy
                nx = cx + dx
                iy = (ny + g) % g
                ix = (nx + g) % g
                jit = jitter[:, iy[:, None], ix[None, :], :]
                fx = nx[None, None, :].float() + jit[..., 0]
                fy = ny[None, :, None].float() + jit[..., 1]
                ddx = xs[None, None, :] - fx
                ddy = ys[None, :, None] - fy
                dists.append(ddx * ddx + ddy * ddy)
        d2 = torch.stack(dists, -1)
        best = torch.topk(d2, 2, dim=-1, largest=False).values
        return torch.sqrt(best).permute(0, 3, 1, 2).contiguous()


def get_inputs():
    return [torch.rand(num_textures, cells, cells, 2)]


def get_init_inputs():
    return [height, width]
