"""Batched constant-velocity Kalman filter over position measurements (predict with a white-acceleration process
noise, update with a scalar measurement): returns the filtered position and velocity at every step."""

import torch
import torch.nn as nn

num_tracks = 300
num_steps = 24


class Model(nn.Module):
    def __init__(self, dt: float = 0.5, q: float = 0.3, r: float = 2.0, p0: float = 50.0):
        super().__init__()
        self.dt = dt
        self.q = q
        self.r = r
        self.p0 = p0

    def forward(self, z):
        B, T = z.shape
        dt, q = self.dt, self.q
        x0 = torch.zeros(B, dtype=z.dtype, device=z.device)
        x1 = torch.zeros_like(x0)
        p00 = torch.full_like(x0, self.p0)
        p01 = torch.zeros_like(x0)
        p10 = torch.zeros_like(x0)
        p11 = torch.full_like(x0, self.p0)
        outs = []
        for t in range(T):
            x0 = x0 + dt * x1
            n00 = p00 + dt * (p10 + p01) + dt * dt * p11 + q * dt ** 4 / 4.0
            n01 = p01 + dt * p11 + q * dt ** 3 / 2.0
            n10 = p10 + dt * p11 + q * dt ** 3 / 2.0
            n11 = p11 + q * dt * dt
            s = n00 + self.r
            k0 = n00 / s
            k1 = n10 / s
            y = z[:, t] - x0
            x0 = x0 + k0 * y
            x1 = x1 + k1 * y
            p00 = (1.0 - k0) * n00
            p01 = (1.0 - k0) * n01
            p10 = n10 - k1 * n00
            p11 = n11 - k1 * n01
            outs.append(torch.stack([x0, x1], -1))
        return torch.stack(outs, 1)


def get_inputs():
    t = torch.arange(num_steps, dtype=torch.float32) * 0.5
    start = torch.randn(num_tracks, 1) * 10.0
    vel = torch.randn(num_tracks, 1) * 3.0
    acc = torch.randn(num_tracks, 1) * 0.3
    truth = start + vel * t[None, :] + 0.5 * acc * t[None, :] ** 2
    return [truth + torch.randn(num_tracks, num_steps) * 1.4]


def get_init_inputs():
    return []
