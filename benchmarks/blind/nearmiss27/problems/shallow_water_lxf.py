"""1-D shallow-water equations on a periodic channel advanced with the Lax-Friedrichs scheme."""

import torch
import torch.nn as nn

batch_size = 4
num_cells = 256
num_steps = 10
gravity = 9.81
dx = 1.0
dt = 0.05


class Model(nn.Module):
    def __init__(self, steps: int):
        super().__init__()
        self.steps = steps

    def forward(self, h: torch.Tensor, hu: torch.Tensor) -> torch.Tensor:
        # h: (B, N) depth, hu: (B, N) discharge. Returns (B, 2, N) = [h, hu] after the steps.
        lam = dt / (2.0 * dx)
        for _ in range(self.steps):
            f1 = hu
            f2 = hu * hu / h + 0.5 * gravity * h * h
            hp, hm = torch.roll(h, -1, 1), torch.roll(h, 1, 1)
            qp, qm = torch.roll(hu, -1, 1), torch.roll(hu, 1, 1)
            h_new = 0.5 * (hp + hm) - lam * (torch.roll(f1, -1, 1) - torch.roll(f1, 1, 1))
            hu_new = 0.5 * (qp + qm) - lam * (torch.roll(f2, -1, 1) - torch.roll(f2, 1, 1))
            h, hu = h_new, hu_new
        return torch.stack([h, hu], dim=1)


def get_inputs():
    x = torch.arange(num_cells, dtype=torch.float32)
    c = num_cells * torch.rand(batch_size, 1)
    w = 6.0 + 10.0 * torch.rand(batch_size, 1)
    h = 1.0 + 0.4 * torch.exp(-((x - c) / w) ** 2) + 0.02 * torch.randn(batch_size, num_cells)
    hu = 0.3 * torch.randn(batch_size, 1) * h + 0.02 * torch.randn(batch_size, num_cells)
    return [h, hu]


def get_init_inputs():
    return [num_steps]
