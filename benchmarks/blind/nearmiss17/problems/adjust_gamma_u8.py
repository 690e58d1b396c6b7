"""Gamma adjustment of a uint8 image (torchvision adjust_gamma: to float, gain * x ** gamma, clamp, back to uint8)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 32
width = 32


class Model(nn.Module):
    def __init__(self, gamma: float, gain: float):
        super().__init__()
        self.gamma = gamma
        self.gain = gain

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = img.to(torch.float32) / 255.0
        y = (self.gain * torch.pow(x, self.gamma)).clamp(0.0, 1.0)
        return (y * 255.999).to(torch.uint8)


def get_inputs():
    return [torch.randint(0, 256, (batch_size, channels, height, width), dtype=torch.uint8)]


def get_init_inputs():
    return [0.7, 1.1]
