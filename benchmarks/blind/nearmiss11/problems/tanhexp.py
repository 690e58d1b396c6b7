"""TanhExp activation x * tanh(exp(x)) (KernelBench level-1 style reference problem)."""

import torch
import torch.nn as nn

batch_size = 4
dim = 1023


class Model(nn.Module):
    """TanhExp (Liu & Di, 2020): y = x * tanh(e^x), elementwise."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.tanh(torch.exp(x))


def get_inputs():
    return [6.0 * torch.rand(batch_size, dim) - 3.0]


def get_init_inputs():
    return []
