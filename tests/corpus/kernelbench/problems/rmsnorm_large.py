"""Level 1: RMS normalisation over the feature dim (dim 1) of a (batch, features, d1, d2) tensor (large, KernelBench-scale shapes for GPU runs)."""

import torch
import torch.nn as nn

batch_size = 16
features = 64
dim1 = 128
dim2 = 128


class Model(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + self.eps)
        return x / rms


def get_inputs():
    return [torch.randn(batch_size, features, dim1, dim2)]


def get_init_inputs():
    return [features]
