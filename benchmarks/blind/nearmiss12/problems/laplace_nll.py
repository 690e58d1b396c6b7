"""Laplace negative log-likelihood with a predicted log-scale, mean over all elements."""

import math

import torch
import torch.nn as nn

batch_size = 16
dim = 999


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mu, log_b, target):
        nll = math.log(2.0) + log_b + (target - mu).abs() * torch.exp(-log_b)
        return nll.mean()


def get_inputs():
    mu = torch.randn(batch_size, dim)
    log_b = torch.randn(batch_size, dim) * 0.5
    target = torch.randn(batch_size, dim)
    return [mu, log_b, target]


def get_init_inputs():
    return []
