"""Gray-Scott reaction-diffusion: explicit Euler steps on a periodic grid (5-point Laplacian)."""

import torch
import torch.nn as nn

batch_size = 2
height = 24
width = 40
num_steps = 6
diff_u = 0.16
diff_v = 0.08
feed = 0.035
kill = 0.065
dt = 1.0


class Model(nn.Module):
    def __init__(self, steps: int):
        super().__init__()
        self.steps = steps

    def forward(self, u: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        # u, v: (B, H, W) concentrations. Returns (B, 2, H, W) = [u, v] after the steps.
        def lap(z):
            return (torch.roll(z, 1, 1) + torch.roll(z, -1, 1) + torch.roll(z, 1, 2) + torch.roll(z, -1, 2) - 4.0 * z)

        for _ in range(self.steps):
            uvv = u * v * v
            un = u + dt * (diff_u * lap(u) - uvv + feed * (1.0 - u))
            vn = v + dt * (diff_v * lap(v) + uvv - (feed + kill) * v)
            u, v = un, vn
        return torch.stack([u, v], dim=1)


def get_inputs():
    u = torch.ones(batch_size, height, width)
    v = torch.zeros(batch_size, height, width)
    for b in range(batch_size):
        for _ in range(3):
            r = int(torch.randint(0, height - 6, ()))
            c = int(torch.randint(0, width - 6, ()))
            u[b, r:r + 6, c:c + 6] = 0.5
            v[b, r:r + 6, c:c + 6] = 0.25
    u = u + 0.05 * torch.randn(batch_size, height, width)
    v = (v + 0.05 * torch.randn(batch_size, height, width)).clamp_min(0.0)
    return [u, v]


def get_init_inputs():
    return [num_steps]
