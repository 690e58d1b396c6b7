"""Posterize uint8 images: keep the `bits` most significant bits of every channel value."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 64
width = 80
bits = 3


class Model(nn.Module):
    def __init__(self, bits):
        super().__init__()
        self.bits = bits

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        mask = -int(2 ** (8 - self.bits))
        return img & mask


def get_inputs():
    return [torch.randint(0, 256, (batch_size, channels, height, width), dtype=torch.uint8)]


def get_init_inputs():
    return [bits]
