"""Fractional max pooling (Graham 2014) with given pseudo-random samples, as torch's fractional_max_pool2d."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 23
width = 19
out_height = 10
out_width = 7
kernel_size = 3


class Model(nn.Module):
    def __init__(self, kernel_size: int, out_height: int, out_width: int):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = (out_height, out_width)

    def forward(self, x: torch.Tensor, samples: torch.Tensor) -> torch.Tensor:
        return F.fractional_max_pool2d(x, kernel_size=(self.kernel_size, self.kernel_size),
                                       output_size=self.output_size, _random_samples=samples)


def get_inputs():
    x = torch.rand(batch_size, channels, height, width)
    samples = torch.rand(batch_size, channels, 2)
    return [x, samples]


def get_init_inputs():
    return [kernel_size, out_height, out_width]
