"""F.threshold: keep x where x > threshold, else a fill value."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self, threshold: float, value: float):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.threshold(x, self.threshold, self.value)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return [1.0, -2.0]
