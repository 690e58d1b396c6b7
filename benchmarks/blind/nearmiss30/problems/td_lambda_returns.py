"""TD(lambda) returns (TorchRL / DreamerV3 style), computed backwards in time:
G_t = r_t + gamma * (1 - done_t) * ((1 - lambda) * V_{t+1} + lambda * G_{t+1}), with G_T = V_T."""

import torch
import torch.nn as nn

batch_size = 300
horizon = 40


class Model(nn.Module):
    def __init__(self, gamma: float, lmbda: float):
        super().__init__()
        self.gamma = gamma
        self.lmbda = lmbda

    def forward(self, reward: torch.Tensor, value: torch.Tensor, done: torch.Tensor) -> torch.Tensor:
        T = reward.shape[1]
        out = torch.empty_like(reward)
        g = value[:, T]
        for t in range(T - 1, -1, -1):
            g = reward[:, t] + self.gamma * (1.0 - done[:, t]) * ((1.0 - self.lmbda) * value[:, t + 1] + self.lmbda * g)
            out[:, t] = g
        return out


def get_inputs():
    reward = torch.randn(batch_size, horizon)
    value = torch.randn(batch_size, horizon + 1) * 2.0
    done = (torch.rand(batch_size, horizon) < 0.1).float()
    return [reward, value, done]


def get_init_inputs():
    return [0.97, 0.9]
