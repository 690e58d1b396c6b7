"""Elastic deflection of simply supported beams under point loads and a uniform load."""

import torch
import torch.nn as nn

num_beams = 100
max_loads = 6
num_points = 101


class Model(nn.Module):
    """Deflection (mm, downward positive) of each beam at num_points equally spaced stations.

    span: (B,) m; ei: (B,) flexural rigidity (N m^2); w: (B,) uniform load (N/m); load_pos: (B, P)
    distance a of each point load from the left support (m); load_mag: (B, P) N; n_loads: (B,) int64,
    only the first n_loads loads of a beam act. Stations x_k = k L / (num_points - 1). Euler-Bernoulli:
    uniform load w x (L^3 - 2 L x^2 + x^3) / (24 EI); a point load F at a (b = L - a) adds
    F b x (L^2 - b^2 - x^2) / (6 L EI) for x <= a and F a (L - x) (2 L x - x^2 - a^2) / (6 L EI) for x > a.
    Returns (B, num_points).
    """

    def __init__(self, n_points: int):
        super().__init__()
        self.n_points = n_points

    def forward(self, span, ei, w, load_pos, load_mag, n_loads):
        steps = self.n_points - 1
        big_l = span[:, None]
        e = ei[:, None]
        x = torch.arange(self.n_points, device=span.device).float()[None, :] * (big_l / steps)
        y = w[:, None] * x * (big_l * big_l * big_l - 2.0 * big_l * x * x + x * x * x) / (24.0 * e)
        for j in range(load_pos.shape[1]):
            a = load_pos[:, j:j + 1]
            f = load_mag[:, j:j + 1]
            b = big_l - a
            left = f * b * x * (big_l * big_l - b * b - x * x) / (6.0 * big_l * e)
            right = f * a * (big_l - x) * (2.0 * big_l * x - x * x - a * a) / (6.0 * big_l * e)
            act = j < n_loads[:, None]
            y = y + torch.where(act, torch.where(x <= a, left, right), 0.0)
        return 1000.0 * y


def get_inputs():
    b, p = num_beams, max_loads
    span = 2.0 + 8.0 * torch.rand(b)
    ei = 2e7 + 1.8e8 * torch.rand(b)
    w = 200.0 + 1800.0 * torch.rand(b)
    load_pos = span[:, None] * (0.05 + 0.9 * torch.rand(b, p))
    load_mag = 1e3 + 4.9e4 * torch.rand(b, p)
    n_loads = torch.randint(0, p + 1, (b,))
    return [span, ei, w, load_pos, load_mag, n_loads]


def get_init_inputs():
    return [num_points]
