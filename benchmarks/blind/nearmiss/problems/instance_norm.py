"""InstanceNorm (no affine) of an NCHW activation: each (sample, channel) plane normalised."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 8
height = 32
width = 32


class Model(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.instance_norm(x, eps=self.eps)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [1e-5]
