"""V-trace value targets (IMPALA), batch-major [B, T] trajectories."""

import torch
import torch.nn as nn

batch_size = 20
horizon = 24


class Model(nn.Module):
    def __init__(self, clip_rho: float, clip_c: float):
        super().__init__()
        self.clip_rho = clip_rho
        self.clip_c = clip_c

    def forward(self, log_rhos, discounts, rewards, values, bootstrap):
        rhos = torch.exp(log_rhos)
        crhos = torch.clamp(rhos, max=self.clip_rho)
        cs = torch.clamp(rhos, max=self.clip_c)
        next_values = torch.cat([values[:, 1:], bootstrap.unsqueeze(1)], dim=1)
        deltas = crhos * (rewards + discounts * next_values - values)
        acc = torch.zeros_like(bootstrap)
        out = []
        for t in reversed(range(values.shape[1])):
            acc = deltas[:, t] + discounts[:, t] * cs[:, t] * acc
            out.append(acc)
        return torch.stack(out[::-1], dim=1) + values


def get_inputs():
    log_rhos = torch.randn(batch_size, horizon) * 0.5
    dones = (torch.rand(batch_size, horizon) < 0.1).float()
    discounts = 0.97 * (1.0 - dones)
    rewards = torch.randn(batch_size, horizon)
    values = torch.randn(batch_size, horizon)
    bootstrap = torch.randn(batch_size)
    return [log_rhos, discounts, rewards, values, bootstrap]


def get_init_inputs():
    return [1.0, 1.0]
