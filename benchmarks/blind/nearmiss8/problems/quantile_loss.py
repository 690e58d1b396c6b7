"""Quantile (pinball) loss, mean over all elements."""

import torch
import torch.nn as nn

batch_size = 64
dim = 300
tau = 0.7


class Model(nn.Module):
    def __init__(self, tau: float):
        super().__init__()
        self.tau = tau

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        diff = target - pred
        return torch.maximum(self.tau * diff, (self.tau - 1.0) * diff).mean()


def get_inputs():
    pred = torch.randn(batch_size, dim)
    target = torch.randn(batch_size, dim) + 0.5
    return [pred, target]


def get_init_inputs():
    return [tau]
