"""DCN-V2 cross network (recommender models): num_layers cross layers x_{l+1} = x_0 * (W_l x_l + b_l) + x_l
applied to a batch of feature vectors x_0 (B, D), with full-rank D x D weights."""

import math

import torch
import torch.nn as nn

batch_size = 256
dim = 32
num_layers = 3


class Model(nn.Module):
    def __init__(self, dim: int, num_layers: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_layers, dim, dim) * (0.5 / math.sqrt(dim)))
        self.bias = nn.Parameter(0.1 * torch.randn(num_layers, dim))
        self.num_layers = num_layers

    def forward(self, x0: torch.Tensor) -> torch.Tensor:
        x = x0
        for l in range(self.num_layers):
            x = x0 * (x @ self.weight[l].T + self.bias[l]) + x
        return x


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim, num_layers]
