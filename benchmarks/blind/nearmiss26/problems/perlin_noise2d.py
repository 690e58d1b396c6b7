"""2-D gradient (Perlin "improved") noise at a set of points: lattice cell from floor(), quintic fade
6t^5 - 15t^4 + 10t^3, corner hashes from a doubled permutation table, gradients (+-x) + (+-y) chosen by the two
low hash bits, and bilinear blending of the four corner contributions."""

import torch
import torch.nn as nn

num_points = 4096


def _fade(t):
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0)


def _grad(h, x, y):
    return torch.where((h & 1) == 0, x, -x) + torch.where((h & 2) == 0, y, -y)


def _lerp(a, b, w):
    return a + w * (b - a)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pts: torch.Tensor, perm: torch.Tensor) -> torch.Tensor:
        # pts: (N, 2) float32; perm: (512,) int64, a permutation of 0..255 repeated twice
        x, y = pts[:, 0], pts[:, 1]
        fx, fy = torch.floor(x), torch.floor(y)
        xf, yf = x - fx, y - fy
        X, Y = fx.long() & 255, fy.long() & 255
        u, v = _fade(xf), _fade(yf)
        pa, pb = perm[X], perm[X + 1]
        aa, ab = perm[pa + Y], perm[pa + Y + 1]
        ba, bb = perm[pb + Y], perm[pb + Y + 1]
        x1 = _lerp(_grad(aa, xf, yf), _grad(ba, xf - 1.0, yf), u)
        x2 = _lerp(_grad(ab, xf, yf - 1.0), _grad(bb, xf - 1.0, yf - 1.0), u)
        return _lerp(x1, x2, v)


def get_inputs():
    pts = (torch.rand(num_points, 2) - 0.5) * 64.0
    p = torch.randperm(256)
    return [pts, torch.cat([p, p])]


def get_init_inputs():
    return []
