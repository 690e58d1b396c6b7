"""Boris particle pusher (particle-in-cell plasma codes): num_steps steps of a charged particle in given
electric and magnetic fields (constant in time, one per particle) with charge-to-mass ratio q_over_m and time step
dt: half electric kick, magnetic rotation (t = (q/m) B dt / 2, s = 2 t / (1 + |t|^2)), half electric kick, drift.
Output (N, 6) = [x, v] after the last step."""

import torch
import torch.nn as nn

num_particles = 2048
num_steps = 16


class Model(nn.Module):
    def __init__(self, num_steps: int, q_over_m: float = -1.5, dt: float = 0.05):
        super().__init__()
        self.num_steps = num_steps
        self.q_over_m = q_over_m
        self.dt = dt

    def forward(self, x, v, E, B):
        h = self.q_over_m * self.dt * 0.5
        t = h * B
        s = 2.0 * t / (1.0 + (t * t).sum(1, keepdim=True))
        for _ in range(self.num_steps):
            v_minus = v + h * E
            v_prime = v_minus + torch.linalg.cross(v_minus, t, dim=1)
            v_plus = v_minus + torch.linalg.cross(v_prime, s, dim=1)
            v = v_plus + h * E
            x = x + self.dt * v
        return torch.cat([x, v], dim=1)


def get_inputs():
    x = torch.randn(num_particles, 3)
    v = torch.randn(num_particles, 3)
    E = 2.0 * torch.randn(num_particles, 3)
    B = 6.0 * torch.randn(num_particles, 3)
    return [x, v, E, B]


def get_init_inputs():
    return [num_steps]
