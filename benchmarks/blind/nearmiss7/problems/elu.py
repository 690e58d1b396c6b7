"""ELU activation with a non-default alpha (KernelBench level-1 style reference)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1024
alpha = 1.3


class Model(nn.Module):
    def __init__(self, alpha: float):
        super().__init__()
        self.alpha = alpha

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.elu(x, alpha=self.alpha)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [alpha]
