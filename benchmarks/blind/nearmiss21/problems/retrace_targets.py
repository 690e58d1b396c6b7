"""Retrace(lambda) targets (Munos et al. 2016, rlax style), computed backwards in time:
G_t = r_t + disc_t * (V_{t+1} + c_{t+1} * (G_{t+1} - Q_{t+1})), G_T = Q_T,
with truncated traces c_t = lambda * min(1, pi / mu) and disc_t = gamma * (1 - done_t)."""

import torch
import torch.nn as nn

batch_size = 37
time_steps = 29


class Model(nn.Module):
    def __init__(self, gamma: float, lam: float):
        super().__init__()
        self.gamma = gamma
        self.lam = lam

    def forward(self, q_taken, v, rewards, dones, log_rhos):
        B, T = rewards.shape
        c = self.lam * torch.exp(log_rhos).clamp(max=1.0)
        disc = self.gamma * (1.0 - dones.to(rewards.dtype))
        g = q_taken[:, T]
        out = []
        for t in range(T - 1, -1, -1):
            g = rewards[:, t] + disc[:, t] * (v[:, t + 1] + c[:, t + 1] * (g - q_taken[:, t + 1]))
            out.append(g)
        return torch.stack(out[::-1], dim=1)


def get_inputs():
    q_taken = torch.randn(batch_size, time_steps + 1)
    v = q_taken + 0.3 * torch.randn(batch_size, time_steps + 1)
    rewards = torch.randn(batch_size, time_steps)
    dones = torch.rand(batch_size, time_steps) < 0.1
    log_rhos = 0.7 * torch.randn(batch_size, time_steps + 1)
    return [q_taken, v, rewards, dones, log_rhos]


def get_init_inputs():
    return [0.97, 0.9]
