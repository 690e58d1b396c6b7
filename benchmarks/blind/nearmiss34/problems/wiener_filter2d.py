"""Adaptive Wiener denoising of images (as scipy.signal.wiener, 3 x 3 window, noise = mean local variance per image)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 30
width = 45


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = img.unsqueeze(1)
        mean = F.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=True)
        sq = F.avg_pool2d(x * x, 3, stride=1, padding=1, count_include_pad=True)
        var = sq - mean * mean
        noise = var.mean(dim=(1, 2, 3), keepdim=True)
        res = (x - mean) * (1.0 - noise / var) + mean
        return torch.where(var < noise, mean, res).squeeze(1)


def get_inputs():
    yy = torch.linspace(0.0, 3.0, height)[:, None]
    xx = torch.linspace(0.0, 4.0, width)[None, :]
    clean = torch.sin(2.0 * yy) * torch.cos(1.5 * xx) + (xx > 2.0).float()
    scale = 0.2 + 0.6 * torch.rand(batch_size, 1, 1)
    return [clean[None] + scale * torch.randn(batch_size, height, width)]


def get_init_inputs():
    return []
