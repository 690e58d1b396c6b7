"""Level 2: Linear, GroupNorm over the output features, then Swish (x * sigmoid(x)) (large, KernelBench-scale shapes for GPU runs)."""

import torch
import torch.nn as nn

batch_size = 1024
in_features = 8192
out_features = 8192
num_groups = 16


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, num_groups: int):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.group_norm = nn.GroupNorm(num_groups, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.gemm(x)
        x = self.group_norm(x)
        return x * torch.sigmoid(x)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, num_groups]
