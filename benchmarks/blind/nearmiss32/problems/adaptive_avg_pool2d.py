"""Adaptive average pooling 2D (torch semantics: bin i spans floor(i*H/OH) .. ceil((i+1)*H/OH))."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 12
width = 16
out_h = 4
out_w = 4


class Model(nn.Module):
    def __init__(self, out_h: int, out_w: int):
        super().__init__()
        self.output_size = (out_h, out_w)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.adaptive_avg_pool2d(x, self.output_size)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [out_h, out_w]
