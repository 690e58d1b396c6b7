"""GELU with the tanh approximation (GPT-2 / BERT style), elementwise."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
dim = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x, approximate="tanh")


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
