"""torchvision-style solarize of uint8 images: invert every value >= threshold (a float threshold)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 64
width = 96


class Model(nn.Module):
    def __init__(self, threshold=127.5):
        super().__init__()
        self.threshold = threshold

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return torch.where(img >= self.threshold, 255 - img, img)


def get_inputs():
    return [torch.randint(0, 256, (batch_size, channels, height, width), dtype=torch.uint8)]


def get_init_inputs():
    return [127.5]
