"""Categorical (C51) distributional Bellman projection onto a fixed support (Dopamine formulation)."""

import torch
import torch.nn as nn

batch_size = 8
num_atoms = 51


class Model(nn.Module):
    def __init__(self, n_atoms: int, v_min: float, v_max: float, gamma: float):
        super().__init__()
        self.n_atoms = n_atoms
        self.v_min = v_min
        self.v_max = v_max
        self.gamma = gamma

    def forward(self, next_probs, rewards, dones):
        z = torch.linspace(self.v_min, self.v_max, self.n_atoms, device=next_probs.device)
        dz = (self.v_max - self.v_min) / (self.n_atoms - 1)
        tz = rewards[:, None] + self.gamma * (1.0 - dones[:, None]) * z[None, :]
        tz = tz.clamp(self.v_min, self.v_max)
        w = (1.0 - (tz[:, None, :] - z[None, :, None]).abs() / dz).clamp(0.0, 1.0)
        return (w * next_probs[:, None, :]).sum(-1)


def get_inputs():
    next_probs = torch.softmax(torch.randn(batch_size, num_atoms) * 2.0, dim=1)
    rewards = torch.randn(batch_size) * 3.0
    dones = (torch.rand(batch_size) < 0.4).float()
    dones[0] = 1.0
    return [next_probs, rewards, dones]


def get_init_inputs():
    return [num_atoms, -10.0, 10.0, 0.99]
