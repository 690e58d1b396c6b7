"""torchvision `convert_image_dtype(img, torch.uint8)` for a float image in [0, 1]:
multiply by 256 - 1e-3 and truncate."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 20
width = 30


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        eps = 1e-3
        max_val = 255.0
        return image.mul(max_val + 1.0 - eps).to(torch.uint8)


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return []
