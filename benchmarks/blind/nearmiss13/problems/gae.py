"""Generalized advantage estimation over a batch of rollouts with episode ends."""

import torch
import torch.nn as nn

batch_size = 8
horizon = 64
gamma_value = 0.99
lambda_value = 0.95


class Model(nn.Module):
    def __init__(self, gamma: float, lam: float):
        super().__init__()
        self.gamma = gamma
        self.lam = lam

    def forward(self, rewards, values, dones):
        T = rewards.shape[1]
        adv = torch.zeros_like(rewards)
        last = torch.zeros_like(rewards[:, 0])
        for t in reversed(range(T)):
            nonterm = 1.0 - dones[:, t]
            delta = rewards[:, t] + self.gamma * values[:, t + 1] * nonterm - values[:, t]
            last = delta + self.gamma * self.lam * nonterm * last
            adv[:, t] = last
        return adv


def get_inputs():
    rewards = torch.randn(batch_size, horizon)
    values = torch.randn(batch_size, horizon + 1)
    dones = (torch.rand(batch_size, horizon) < 0.05).float()
    return [rewards, values, dones]


def get_init_inputs():
    return [gamma_value, lambda_value]
