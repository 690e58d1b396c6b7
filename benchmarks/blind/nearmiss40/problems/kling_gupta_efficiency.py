"""Kling-Gupta efficiency of simulated against observed streamflow, one value per basin.

r is the Pearson correlation of sim and obs, alpha = sigma_sim / sigma_obs (population standard deviations)
and beta = mu_sim / mu_obs; KGE = 1 - sqrt((r - 1)^2 + (alpha - 1)^2 + (beta - 1)^2) (Gupta, Kling, Yilmaz and
Martinez 2009). Inputs (num_basins, num_steps), output (num_basins,).
"""

import torch
import torch.nn as nn

num_basins = 64
num_steps = 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, sim: torch.Tensor, obs: torch.Tensor) -> torch.Tensor:
        mo = obs.mean(dim=1)
        ms = sim.mean(dim=1)
        do = obs - mo[:, None]
        ds = sim - ms[:, None]
        vo = (do * do).mean(dim=1)
        vs = (ds * ds).mean(dim=1)
        cov = (do * ds).mean(dim=1)
        so = torch.sqrt(vo)
        ss = torch.sqrt(vs)
        r = cov / (so * ss)
        alpha = ss / so
        beta = ms / mo
        return 1.0 - torch.sqrt((r - 1.0) * (r - 1.0) + (alpha - 1.0) * (alpha - 1.0) + (beta - 1.0) * (beta - 1.0))


def get_inputs():
    b, t = num_basins, num_steps
    scale = torch.exp(torch.empty(b, 1).uniform_(-1.0, 5.0))          # 0.4 .. 150 m3/s
    rain = (torch.rand(b, t) < 0.06).float() * torch.empty(b, t).exponential_(1.0) * 4.0
    k = torch.empty(b, 1).uniform_(0.7, 0.95)
    q = torch.empty(b, t)
    level = torch.ones(b)
    for i in range(t):
        level = k[:, 0] * level + rain[:, i] + 0.05
        q[:, i] = level
    obs = scale * q
    lag = torch.randint(0, 3, (b,))
    shifted = torch.stack([torch.roll(obs[i], int(lag[i])) for i in range(b)])
    bias = torch.empty(b, 1).uniform_(0.7, 1.3)
    sim = bias * shifted * torch.exp(0.15 * torch.randn(b, t)) * torch.empty(b, 1).uniform_(0.8, 1.2)
    return [sim, obs]


def get_init_inputs():
    return []
