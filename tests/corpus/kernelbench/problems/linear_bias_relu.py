"""Level 2: GEMM without bias, plus a separate bias parameter, then ReLU."""

import torch
import torch.nn as nn

batch_size = 16
in_features = 64
out_features = 96
bias_shape = (out_features,)


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, bias_shape: tuple):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features, bias=False)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.gemm(x)
        x = x + self.bias
        return torch.relu(x)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, bias_shape]
