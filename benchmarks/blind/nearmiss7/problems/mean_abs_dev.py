"""Mean absolute deviation of each row from its mean."""

import torch
import torch.nn as nn

batch_size = 30
dim = 777


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x - x.mean(dim=1, keepdim=True)).abs().mean(dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
