"""n-step bootstrapped returns over a rollout (episode ends cut the sum; the rollout end bootstraps early)."""

import torch
import torch.nn as nn

batch_size = 16
num_steps = 64
n_step = 5


class Model(nn.Module):
    def __init__(self, n_step: int, gamma: float):
        super().__init__()
        self.n_step = n_step
        self.gamma = gamma

    def forward(self, rewards: torch.Tensor, dones: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        T = rewards.shape[1]
        t = torch.arange(T, device=rewards.device)
        ret = torch.zeros_like(rewards)
        disc = torch.ones_like(rewards)
        for k in range(self.n_step):
            idx = t + k
            valid = idx < T
            idxc = idx.clamp(max=T - 1)
            r = rewards[:, idxc]
            d = dones[:, idxc]
            ret = ret + torch.where(valid, disc * r, torch.zeros_like(r))
            disc = torch.where(valid, disc * self.gamma * (1.0 - d), disc)
        boot = (t + self.n_step).clamp(max=T)
        return ret + disc * values[:, boot]


def get_inputs():
    rewards = torch.randn(batch_size, num_steps)
    dones = (torch.rand(batch_size, num_steps) < 0.1).float()
    values = torch.randn(batch_size, num_steps + 1)
    return [rewards, dones, values]


def get_init_inputs():
    return [n_step, 0.97]
