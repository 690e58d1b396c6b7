"""Kuramoto oscillators with all-to-all coupling integrated by explicit Euler:
dtheta_i/dt = omega_i + K / N * sum_j sin(theta_j - theta_i). Returns theta after num_steps steps (unwrapped)."""

import torch
import torch.nn as nn

batch_size = 6
num_osc = 100
num_steps = 20


class Model(nn.Module):
    def __init__(self, num_steps: int, coupling: float, dt: float):
        super().__init__()
        self.num_steps = num_steps
        self.coupling = coupling
        self.dt = dt

    def forward(self, theta: torch.Tensor, omega: torch.Tensor) -> torch.Tensor:
        th = theta
        N = th.shape[1]
        for _ in range(self.num_steps):
            diff = th[:, None, :] - th[:, :, None]
            th = th + self.dt * (omega + self.coupling / N * torch.sin(diff).sum(dim=2))
        return th


def get_inputs():
    theta = 6.283185307 * torch.rand(batch_size, num_osc)
    omega = 0.5 * torch.randn(batch_size, num_osc)
    return [theta, omega]


def get_init_inputs():
    return [num_steps, 1.5, 0.05]
