"""Red-black successive over-relaxation sweeps for the 2-D Poisson equation -lap(u) = f with fixed (Dirichlet)
borders: each sweep updates the interior points with (i + j) even, then those with (i + j) odd."""

import torch
import torch.nn as nn

batch_size = 2
height = 20
width = 27
num_sweeps = 3


class Model(nn.Module):
    def __init__(self, num_sweeps: int, omega: float = 1.5, h2: float = 0.05):
        super().__init__()
        self.num_sweeps = num_sweeps
        self.omega = omega
        self.h2 = h2

    def forward(self, u, f):
        u = u.clone()
        H, W = u.shape[1], u.shape[2]
        ii = torch.arange(1, H - 1, device=u.device)[:, None]
        jj = torch.arange(1, W - 1, device=u.device)[None, :]
        parity = (ii + jj) % 2
        for _ in range(self.num_sweeps):
            for color in (0, 1):
                nb = u[:, :-2, 1:-1] + u[:, 2:, 1:-1] + u[:, 1:-1, :-2] + u[:, 1:-1, 2:]
                centre = u[:, 1:-1, 1:-1]
                upd = (1.0 - self.omega) * centre + self.omega * 0.25 * (nb + self.h2 * f[:, 1:-1, 1:-1])
                u[:, 1:-1, 1:-1] = torch.where(parity == color, upd, centre)
        return u


def get_inputs():
    u = torch.randn(batch_size, height, width)
    f = torch.randn(batch_size, height, width) * 10.0
    return [u, f]


def get_init_inputs():
    return [num_sweeps]
