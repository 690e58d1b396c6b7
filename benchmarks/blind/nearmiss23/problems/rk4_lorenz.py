"""Classical fourth-order Runge-Kutta integration of many Lorenz systems for num_steps steps of dt."""

import torch
import torch.nn as nn

num_systems = 500
num_steps = 3


def _lorenz(x, y, z, sigma, rho, beta):
    return sigma * (y - x), x * (rho - z) - y, x * y - beta * z


class Model(nn.Module):
    def __init__(self, num_steps, dt=0.01, sigma=10.0, rho=28.0, beta=8.0 / 3.0):
        super().__init__()
        self.num_steps, self.dt, self.sigma, self.rho, self.beta = num_steps, dt, sigma, rho, beta

    def forward(self, state):
        x, y, z = state[:, 0], state[:, 1], state[:, 2]
        dt, p = self.dt, (self.sigma, self.rho, self.beta)
        for _ in range(self.num_steps):
            k1 = _lorenz(x, y, z, *p)
            k2 = _lorenz(x + 0.5 * dt * k1[0], y + 0.5 * dt * k1[1], z + 0.5 * dt * k1[2], *p)
            k3 = _lorenz(x + 0.5 * dt * k2[0], y + 0.5 * dt * k2[1], z + 0.5 * dt * k2[2], *p)
            k4 = _lorenz(x + dt * k3[0], y + dt * k3[1], z + dt * k3[2], *p)
            x = x + dt / 6.0 * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0])
            y = y + dt / 6.0 * (k1[1] + 2.0 * k2[1] + 2.0 * k3[1] + k4[1])
            z = z + dt / 6.0 * (k1[2] + 2.0 * k2[2] + 2.0 * k3[2] + k4[2])
        return torch.stack([x, y, z], dim=1)


def get_inputs():
    return [torch.randn(num_systems, 3) * 8.0 + torch.tensor([0.0, 0.0, 25.0])]


def get_init_inputs():
    return [num_steps]
