"""Log-probability of a tanh-squashed diagonal Gaussian action (SAC), summed over action dims."""

import math

import torch
import torch.nn as nn

batch_size = 64
action_dim = 6


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu, log_std, u):
        std = torch.exp(log_std)
        logp = (-0.5 * ((u - mu) / std) ** 2 - log_std - 0.5 * math.log(2 * math.pi)).sum(-1)
        logp = logp - torch.log(1 - torch.tanh(u) ** 2 + 1e-6).sum(-1)
        return logp


def get_inputs():
    return [torch.randn(batch_size, action_dim), torch.randn(batch_size, action_dim) * 0.5,
            torch.randn(batch_size, action_dim) * 0.7]


def get_init_inputs():
    return []
