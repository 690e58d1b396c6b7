"""Saturation adjustment of RGB images (torchvision.transforms.functional.adjust_saturation)."""

import torch
import torch.nn as nn

batch_size = 2
height = 10
width = 13


class Model(nn.Module):
    def __init__(self, factor: float):
        super().__init__()
        self.factor = factor

    def forward(self, img):
        r, g, b = img.unbind(dim=1)
        gray = (0.2989 * r + 0.587 * g + 0.114 * b).unsqueeze(1)
        return (self.factor * img + (1.0 - self.factor) * gray).clamp(0.0, 1.0)


def get_inputs():
    return [torch.rand(batch_size, 3, height, width)]


def get_init_inputs():
    return [1.8]
