"""Gemm -> GroupNorm -> Swish -> Multiply -> Swish (KernelBench level-2 style)."""

import torch
import torch.nn as nn

batch_size = 32
in_features = 1024
out_features = 128
num_groups = 8


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, num_groups: int):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.group_norm = nn.GroupNorm(num_groups, out_features)
        self.multiply_weight = nn.Parameter(torch.randn(out_features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.gemm(x)
        x = self.group_norm(x)
        x = x * torch.sigmoid(x)
        x = x * self.multiply_weight
        x = x * torch.sigmoid(x)
        return x


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, num_groups]
