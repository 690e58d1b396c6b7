"""Generalised-mean (GeM) pooling over the whole spatial plane with a trainable exponent."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 48
height = 15
width = 20


class Model(nn.Module):
    def __init__(self, p: float = 3.0, eps: float = 1e-6):
        super().__init__()
        self.p = nn.Parameter(torch.ones(1) * p)
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pooled = F.avg_pool2d(x.clamp(min=self.eps).pow(self.p), (x.size(-2), x.size(-1)))
        return pooled.pow(1.0 / self.p)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [3.0, 1e-6]
