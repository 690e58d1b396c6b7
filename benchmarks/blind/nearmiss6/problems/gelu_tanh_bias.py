"""Bias add followed by tanh-approximated GELU (GPT-2 MLP epilogue)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 12
features = 1001


class Model(nn.Module):
    def __init__(self, features: int):
        super().__init__()
        self.bias = nn.Parameter(0.1 * torch.randn(features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x + self.bias, approximate="tanh")


def get_inputs():
    return [torch.randn(batch_size, features) * 2.0]


def get_init_inputs():
    return [features]
