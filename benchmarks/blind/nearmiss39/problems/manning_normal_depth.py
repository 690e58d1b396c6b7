"""Normal depth of uniform flow in trapezoidal channels from Manning's equation (SI units).

For discharge Q, bottom width b, side slope z (horizontal : vertical), bed slope S and roughness n,
Q = (1 / n) A R^(2/3) sqrt(S) with A = (b + z y) y, P = b + 2 y sqrt(1 + z^2) and R = A / P. The depth y
is found by num_iters bisection steps on [0, depth_max] (the discharge grows with depth); the result is
the midpoint of the final bracket.
"""

import torch
import torch.nn as nn

num_channels = 1000
NUM_ITERS = 50
DEPTH_MAX = 16.0


def _discharge(y, b, z, s, n):
    area = (b + z * y) * y
    perimeter = b + 2.0 * y * torch.sqrt(1.0 + z * z)
    return area * torch.pow(area / perimeter, 2.0 / 3.0) * torch.sqrt(s) / n


class Model(nn.Module):
    def __init__(self, num_iters: int, depth_max: float):
        super().__init__()
        self.num_iters = num_iters
        self.depth_max = depth_max

    def forward(self, q, b, z, s, n):
        lo = torch.zeros_like(q)
        hi = torch.full_like(q, self.depth_max)
        for _ in range(self.num_iters):
            mid = 0.5 * (lo + hi)
            over = _discharge(mid, b, z, s, n) > q
            hi = torch.where(over, mid, hi)
            lo = torch.where(over, lo, mid)
        return 0.5 * (lo + hi)


def get_inputs():
    c = num_channels
    b = 1.0 + 19.0 * torch.rand(c)
    z = 3.0 * torch.rand(c)
    z[torch.arange(c) % 7 == 0] = 0.0
    s = torch.pow(10.0, -4.0 + 2.0 * torch.rand(c))
    n = 0.012 + 0.038 * torch.rand(c)
    depth = 0.2 + 7.8 * torch.rand(c)
    q = _discharge(depth.double(), b.double(), z.double(), s.double(), n.double()).to(torch.float32)
    return [q, b, z, s, n]


def get_init_inputs():
    return [NUM_ITERS, DEPTH_MAX]
