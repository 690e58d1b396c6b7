"""Softplus with a sharpness beta and a linear threshold, elementwise."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
dim = 1024


class Model(nn.Module):
    def __init__(self, beta: float = 2.0, threshold: float = 20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.softplus(x, beta=self.beta, threshold=self.threshold)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [2.0, 20.0]
