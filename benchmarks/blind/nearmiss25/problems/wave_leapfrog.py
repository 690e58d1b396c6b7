"""1-D wave equation on strings with fixed (zero) ends, explicit leapfrog with squared Courant number c2:
u_1 = u_0 + c2 / 2 * lap(u_0) (zero initial velocity), u_{n+1} = 2 u_n - u_{n-1} + c2 * lap(u_n),
lap(u)_i = u_{i-1} - 2 u_i + u_{i+1} at interior cells. Returns u after num_steps steps."""

import torch
import torch.nn as nn

batch_size = 12
num_cells = 150
num_steps = 40


class Model(nn.Module):
    def __init__(self, num_steps: int, courant2: float):
        super().__init__()
        self.num_steps = num_steps
        self.c2 = courant2

    @staticmethod
    def _lap(v):
        lap = torch.zeros_like(v)
        lap[:, 1:-1] = v[:, :-2] - 2.0 * v[:, 1:-1] + v[:, 2:]
        return lap

    def forward(self, u0: torch.Tensor) -> torch.Tensor:
        u = u0.clone()
        u[:, 0] = 0.0
        u[:, -1] = 0.0
        prev = u
        cur = u + 0.5 * self.c2 * self._lap(u)
        for _ in range(self.num_steps - 1):
            nxt = 2.0 * cur - prev + self.c2 * self._lap(cur)
            prev, cur = cur, nxt
        return cur


def get_inputs():
    x = torch.linspace(0.0, 1.0, num_cells)[None, None, :]
    centre = 0.2 + 0.6 * torch.rand(batch_size, 3, 1)
    width_ = 0.03 + 0.08 * torch.rand(batch_size, 3, 1)
    amp = torch.randn(batch_size, 3, 1)
    u0 = (amp * torch.exp(-((x - centre) / width_) ** 2)).sum(dim=1)
    return [u0]


def get_init_inputs():
    return [num_steps, 0.81]
