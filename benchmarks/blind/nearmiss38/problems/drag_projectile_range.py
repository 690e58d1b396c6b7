"""Horizontal range of point projectiles under gravity and quadratic air drag (semi-implicit Euler)."""

import torch
import torch.nn as nn

num_projectiles = 300
num_steps = 400
DT = 0.02
GRAVITY = 9.81


class Model(nn.Module):
    def __init__(self, num_steps: int, dt: float):
        super().__init__()
        self.num_steps = num_steps
        self.dt = dt

    def forward(self, v0: torch.Tensor, angle: torch.Tensor, drag: torch.Tensor) -> torch.Tensor:
        dt = self.dt
        vx = v0 * torch.cos(angle)
        vy = v0 * torch.sin(angle)
        x = torch.zeros_like(v0)
        y = torch.zeros_like(v0)
        rng = torch.zeros_like(v0)
        landed = torch.zeros(v0.shape, dtype=torch.bool, device=v0.device)
        for _ in range(self.num_steps):
            speed = torch.sqrt(vx * vx + vy * vy)
            ax = -drag * speed * vx
            ay = -GRAVITY - drag * speed * vy
            vx = vx + ax * dt
            vy = vy + ay * dt
            xn = x + vx * dt
            yn = y + vy * dt
            hit = (~landed) & (yn < 0.0)
            frac = y / (y - yn)
            rng = torch.where(hit, x + frac * (xn - x), rng)
            landed = landed | hit
            x = xn
            y = yn
        return torch.where(landed, rng, x)


def get_inputs():
    v0 = 10.0 + 40.0 * torch.rand(num_projectiles)
    angle = 0.1 + 1.3 * torch.rand(num_projectiles)
    drag = 0.02 * torch.rand(num_projectiles)
    k = max(1, num_projectiles // 25)
    v0[:k] = 75.0 + 5.0 * torch.rand(k)
    angle[:k] = 1.45 + 0.05 * torch.rand(k)
    drag[:k] = 0.0005 * torch.rand(k)
    return [v0, angle, drag]


def get_init_inputs():
    return [num_steps, DT]
