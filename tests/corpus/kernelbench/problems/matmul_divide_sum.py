"""Level 2: matmul with a random weight, divide by 2, sum over the hidden dim, scale."""

import torch
import torch.nn as nn

batch_size = 16
input_size = 32
hidden_size = 64
scaling_factor = 1.5


class Model(nn.Module):
    def __init__(self, input_size: int, hidden_size: int, scaling_factor: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden_size, input_size))
        self.scaling_factor = scaling_factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.matmul(x, self.weight.T)
        x = x / 2
        x = torch.sum(x, dim=1, keepdim=True)
        x = x * self.scaling_factor
        return x


def get_inputs():
    return [torch.randn(batch_size, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, scaling_factor]
