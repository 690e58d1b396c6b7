"""Second-order TVD (MUSCL, minmod-limited) upwind scheme for 1-D linear advection u_t + a u_x = 0 with a > 0 on a
periodic grid, several explicit steps at a fixed Courant number."""

import torch
import torch.nn as nn

batch_size = 7
num_cells = 300
num_steps = 4


def _minmod(a, b):
    return torch.where(a * b <= 0, torch.zeros_like(a), torch.sign(a) * torch.minimum(a.abs(), b.abs()))


class Model(nn.Module):
    def __init__(self, num_steps: int, speed: float = 1.5, dt: float = 0.02, dx: float = 0.05):
        super().__init__()
        self.num_steps = num_steps
        self.speed = speed
        self.dt = dt
        self.dx = dx

    def forward(self, u):
        c = self.speed * self.dt / self.dx
        for _ in range(self.num_steps):
            du_minus = u - torch.roll(u, 1, dims=1)
            du_plus = torch.roll(u, -1, dims=1) - u
            slope = _minmod(du_minus, du_plus)
            flux = u + 0.5 * (1.0 - c) * slope
            u = u - c * (flux - torch.roll(flux, 1, dims=1))
        return u


def get_inputs():
    x = torch.linspace(0, 1, num_cells)
    phase = torch.rand(batch_size, 1)
    square = ((x[None, :] + phase) % 1.0 < 0.4).float() * 2.0
    return [square + torch.sin(12.0 * x[None, :] + 6.0 * phase) * 0.5 + torch.randn(batch_size, num_cells) * 0.1]


def get_init_inputs():
    return [num_steps]
