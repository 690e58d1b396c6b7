"""Gerstner (trochoidal) ocean surface: displaced positions of points of a flat sea at time t.

For waves i with unit direction D_i, amplitude A_i, wavelength L_i, steepness Q_i and phase phi_i:
k_i = 2 pi / L_i, omega_i = sqrt(g k_i) (deep water), q_i = Q_i / (k_i A_i W) for W waves,
theta_i = k_i D_i . (x, y) - omega_i t + phi_i, and the point moves to
(x + sum q_i A_i D_ix cos theta_i, y + sum q_i A_i D_iy cos theta_i, sum A_i sin theta_i).
"""

import math

import torch
import torch.nn as nn

num_points = 3000
num_waves = 12
TIME = 2.75
GRAVITY = 9.81


class Model(nn.Module):
    def __init__(self, time: float, gravity: float):
        super().__init__()
        self.time = time
        self.gravity = gravity

    def forward(self, positions, directions, amplitudes, wavelengths, steepness, phases):
        w = directions.shape[0]
        k = 2.0 * math.pi / wavelengths
        omega = torch.sqrt(self.gravity * k)
        q = steepness / (k * amplitudes * w)
        px = positions[:, 0:1]
        py = positions[:, 1:2]
        dx = directions[:, 0][None, :]
        dy = directions[:, 1][None, :]
        theta = k[None, :] * (px * dx + py * dy) - omega[None, :] * self.time + phases[None, :]
        c = torch.cos(theta)
        s = torch.sin(theta)
        qa = (q * amplitudes)[None, :]
        x = positions[:, 0] + (qa * dx * c).sum(dim=1)
        y = positions[:, 1] + (qa * dy * c).sum(dim=1)
        z = (amplitudes[None, :] * s).sum(dim=1)
        return torch.stack([x, y, z], dim=1)


def get_inputs():
    positions = 48.0 * torch.rand(num_points, 2)
    angle = 0.6 + 1.4 * torch.rand(num_waves)
    directions = torch.stack([torch.cos(angle), torch.sin(angle)], dim=1)
    amplitudes = 0.05 + 0.45 * torch.rand(num_waves)
    wavelengths = 3.0 + 25.0 * torch.rand(num_waves)
    steepness = 0.3 + 0.6 * torch.rand(num_waves)
    phases = 2.0 * math.pi * torch.rand(num_waves)
    return [positions, directions, amplitudes, wavelengths, steepness, phases]


def get_init_inputs():
    return [TIME, GRAVITY]
