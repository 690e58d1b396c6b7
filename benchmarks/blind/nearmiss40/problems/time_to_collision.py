"""Time to the first collision of each agent with any other agent of its crowd scene (disc agents).

For agents i, j with relative position x = p_j - p_i, relative velocity w = v_j - v_i and R = r_i + r_j,
a = w . w, b = x . w, c = x . x - R^2 and disc = b^2 - a c. Overlapping discs (c < 0) collide now (0); pairs
that approach (b < 0) with disc > 0 collide at c / (-b + sqrt(disc)) (the smaller root of a t^2 + 2 b t + c);
other pairs never collide. The output is the minimum over j != i, capped at the horizon
(Karamouzas, Skinner and Guy 2014 use the same quantity). Shape (num_scenes, num_agents).
"""

import torch
import torch.nn as nn

num_scenes = 32
num_agents = 64
horizon = 8.0


class Model(nn.Module):
    def __init__(self, horizon: float):
        super().__init__()
        self.horizon = horizon

    def forward(self, pos: torch.Tensor, vel: torch.Tensor, radius: torch.Tensor) -> torch.Tensor:
        x = pos[:, None, :, :] - pos[:, :, None, :]          # [s, i, j] = p_j - p_i
        w = vel[:, None, :, :] - vel[:, :, None, :]
        rr = radius[:, :, None] + radius[:, None, :]
        a = w[..., 0] * w[..., 0] + w[..., 1] * w[..., 1]
        b = x[..., 0] * w[..., 0] + x[..., 1] * w[..., 1]
        c = x[..., 0] * x[..., 0] + x[..., 1] * x[..., 1] - rr * rr
        disc = b * b - a * c
        inf = torch.full_like(c, float("inf"))
        tau = torch.where((b < 0) & (disc > 0), c / (-b + torch.sqrt(torch.clamp(disc, min=0.0))), inf)
        tau = torch.where(c < 0, torch.zeros_like(c), tau)
        eye = torch.eye(pos.shape[1], dtype=torch.bool, device=pos.device)[None]
        tau = torch.where(eye, inf, tau)
        return torch.clamp(tau.amin(dim=2), max=self.horizon)


def get_inputs():
    s, n = num_scenes, num_agents
    pos = torch.rand(s, n, 2) * 30.0
    goal_dir = torch.rand(s, n, 1) * 6.283185307
    speed = torch.empty(s, n, 1).uniform_(0.6, 1.6)
    vel = torch.cat([torch.cos(goal_dir), torch.sin(goal_dir)], dim=2) * speed
    radius = torch.empty(s, n).uniform_(0.2, 0.35)
    # two agents of every scene start in contact (overlapping discs)
    pos[:, 1] = pos[:, 0] + 0.3 * torch.nn.functional.normalize(torch.randn(s, 2), dim=1)
    return [pos, vel, radius]


def get_init_inputs():
    return [horizon]
