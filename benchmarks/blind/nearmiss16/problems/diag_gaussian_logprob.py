"""Log-density of a diagonal Gaussian policy (actions summed over the action dimension)."""

import math

import torch
import torch.nn as nn

batch_size = 64
action_dim = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mu, log_std):
        z = (x - mu) / torch.exp(log_std)
        lp = -0.5 * z * z - log_std - 0.5 * math.log(2.0 * math.pi)
        return lp.sum(dim=-1)


def get_inputs():
    mu = torch.randn(batch_size, action_dim)
    log_std = torch.rand(batch_size, action_dim) * 2.0 - 1.5
    x = mu + torch.randn(batch_size, action_dim) * torch.exp(log_std)
    return [x, mu, log_std]


def get_init_inputs():
    return []
