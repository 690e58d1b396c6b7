"""torch.addcmul with a scalar value: x + value * t1 * t2."""

import torch
import torch.nn as nn

batch_size = 16
dim = 777


class Model(nn.Module):
    def __init__(self, value: float):
        super().__init__()
        self.value = value

    def forward(self, x: torch.Tensor, t1: torch.Tensor, t2: torch.Tensor) -> torch.Tensor:
        return torch.addcmul(x, t1, t2, value=self.value)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [0.35]
