"""Round float32 values to bfloat16 precision (round to nearest even) and back."""

import torch
import torch.nn as nn

batch_size = 64
dim = 203


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.to(torch.bfloat16).to(torch.float32)


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return []
