"""1-D linear interpolation to a fixed output length (align_corners=False)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 6
length = 301
out_length = 500


class Model(nn.Module):
    def __init__(self, out_length: int):
        super().__init__()
        self.out_length = out_length

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.interpolate(x, size=self.out_length, mode="linear", align_corners=False)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [out_length]
