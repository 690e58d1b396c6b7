"""Pairwise proper-intersection test of two sets of 2-D line segments (x1, y1, x2, y2) by orientation signs."""

import torch
import torch.nn as nn

num_a = 150
num_b = 120


def _orient(ox, oy, px, py, qx, qy):
    return (px - ox) * (qy - oy) - (py - oy) * (qx - ox)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        ax1, ay1, ax2, ay2 = [a[:, i, None] for i in range(4)]
        bx1, by1, bx2, by2 = [b[None, :, i] for i in range(4)]
        d1 = _orient(bx1, by1, bx2, by2, ax1, ay1)
        d2 = _orient(bx1, by1, bx2, by2, ax2, ay2)
        d3 = _orient(ax1, ay1, ax2, ay2, bx1, by1)
        d4 = _orient(ax1, ay1, ax2, ay2, bx2, by2)
        return (d1 * d2 < 0) & (d3 * d4 < 0)


def _segments(n):
    c = torch.rand(n, 2) * 10.0
    ang = torch.rand(n, 1) * 6.2831853
    half = (0.25 + 1.25 * torch.rand(n, 1)) * torch.cat([torch.cos(ang), torch.sin(ang)], dim=1)
    return torch.cat([c - half, c + half], dim=1)


def get_inputs():
    return [_segments(num_a), _segments(num_b)]


def get_init_inputs():
    return []
