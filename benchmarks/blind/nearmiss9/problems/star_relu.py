"""StarReLU (MetaFormer): s * relu(x)^2 + b with learnable scalar scale and bias."""

import torch
import torch.nn as nn

batch_size = 32
dim = 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(0.8944 + 0.1 * torch.randn(1))
        self.bias = nn.Parameter(-0.4472 + 0.1 * torch.randn(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.scale * torch.relu(x) ** 2 + self.bias


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
