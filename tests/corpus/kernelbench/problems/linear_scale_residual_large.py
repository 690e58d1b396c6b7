"""Level 2: Linear, then scale by a constant and add the unscaled (detached) result back (large, KernelBench-scale shapes for GPU runs)."""

import torch
import torch.nn as nn

batch_size = 1024
in_features = 8192
out_features = 8192
scaling_factor = 0.5


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, scaling_factor: float):
        super().__init__()
        self.matmul = nn.Linear(in_features, out_features)
        self.scaling_factor = scaling_factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.matmul(x)
        original_x = x.clone().detach()
        x = x * self.scaling_factor
        x = x + original_x
        return x


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scaling_factor]
