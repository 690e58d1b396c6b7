"""Symmetric mean absolute percentage error: mean(2 |p - t| / (|p| + |t| + eps))."""

import torch
import torch.nn as nn

num_values = 100000


class Model(nn.Module):
    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return (2.0 * (pred - target).abs() / (pred.abs() + target.abs() + self.eps)).mean()


def get_inputs():
    return [torch.randn(num_values), torch.randn(num_values)]


def get_init_inputs():
    return [1e-8]
