"""Gaussian pyramid down-step of a uint8 image (OpenCV pyrDown): 5x5 binomial filter
[1, 4, 6, 4, 1]^T [1, 4, 6, 4, 1] / 256 with BORDER_REFLECT_101, keep every second row and column,
round half up to uint8. Output size ((H + 1) // 2, (W + 1) // 2)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 33
width = 45


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        B, C, H, W = img.shape
        k1 = torch.tensor([1.0, 4.0, 6.0, 4.0, 1.0], device=img.device)
        k2 = (k1[:, None] * k1[None, :]).reshape(1, 1, 5, 5).repeat(C, 1, 1, 1)
        x = F.pad(img.double(), (2, 2, 2, 2), mode="reflect")
        s = F.conv2d(x, k2.double(), groups=C)
        s = s[:, :, ::2, ::2]
        return torch.floor((s + 128.0) / 256.0).clamp(0, 255).to(torch.uint8)


def get_inputs():
    img = torch.randint(0, 256, (batch_size, channels, height, width), dtype=torch.uint8)
    img[:, :, :8, :8] = 255
    return [img]


def get_init_inputs():
    return []
