"""Upgoing policy update (UPGO, AlphaStar) returns: follow the return while the next action looks better than its state value."""

import torch
import torch.nn as nn

seq_len = 50
batch_size = 300

GAMMA = 0.99


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, rewards: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        t_len = rewards.shape[0]
        out = torch.empty_like(rewards)
        g = rewards[t_len - 1] + GAMMA * values[t_len]
        out[t_len - 1] = g
        for t in range(t_len - 2, -1, -1):
            q_next = rewards[t + 1] + GAMMA * values[t + 2]
            follow = torch.where(q_next >= values[t + 1], g, values[t + 1])
            g = rewards[t] + GAMMA * follow
            out[t] = g
        return out


def get_inputs():
    rewards = torch.randn(seq_len, batch_size) * 0.5
    values = torch.randn(seq_len + 1, batch_size) * 2.0
    return [rewards, values]


def get_init_inputs():
    return []
