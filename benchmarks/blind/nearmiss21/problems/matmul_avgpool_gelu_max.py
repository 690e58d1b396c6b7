"""Linear -> AvgPool1d over the features -> GELU -> scale -> max over features (KernelBench level-2
style "Matmul_AvgPool_GELU_Scale_Max")."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 13
in_features = 70
out_features = 53
pool_kernel_size = 4


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, pool_kernel_size: int, scale_factor: float):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.avg_pool = nn.AvgPool1d(kernel_size=pool_kernel_size)
        self.scale_factor = scale_factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.linear(x)
        x = self.avg_pool(x.unsqueeze(1)).squeeze(1)
        x = F.gelu(x)
        x = x * self.scale_factor
        return torch.max(x, dim=1).values


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, pool_kernel_size, 2.0]
