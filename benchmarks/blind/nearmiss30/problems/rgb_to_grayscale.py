"""torchvision rgb_to_grayscale of float images (B, 3, H, W) -> (B, 1, H, W):
0.2989 R + 0.587 G + 0.114 B."""

import torch
import torch.nn as nn

batch_size = 4
height = 48
width = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        r, g, b = img.unbind(dim=1)
        return (0.2989 * r + 0.587 * g + 0.114 * b).unsqueeze(1)


def get_inputs():
    return [torch.rand(batch_size, 3, height, width)]


def get_init_inputs():
    return []
