"""Element-wise addition of two vectors (Triton tutorial 01 workload)."""

import torch
import torch.nn as nn

size = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return a + b


def get_inputs():
    return [torch.randn(size), torch.randn(size)]


def get_init_inputs():
    return []
