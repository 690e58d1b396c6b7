"""sRGB image -> CIE L*a*b* (D65 white), kornia-style rgb_to_lab."""

import torch
import torch.nn as nn

batch_size = 2
height = 24
width = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        lin = torch.where(image > 0.04045, torch.pow((image + 0.055) / 1.055, 2.4), image / 12.92)
        r, g, b = lin[:, 0], lin[:, 1], lin[:, 2]
        x = 0.412453 * r + 0.357580 * g + 0.180423 * b
        y = 0.212671 * r + 0.715160 * g + 0.072169 * b
        z = 0.019334 * r + 0.119193 * g + 0.950227 * b
        xyz = torch.stack([x / 0.95047, y, z / 1.08883], dim=1)
        threshold = 0.008856
        f = torch.where(xyz > threshold, torch.pow(xyz.clamp(min=threshold), 1.0 / 3.0), 7.787 * xyz + 4.0 / 29.0)
        fx, fy, fz = f[:, 0], f[:, 1], f[:, 2]
        L = 116.0 * fy - 16.0
        a = 500.0 * (fx - fy)
        bb = 200.0 * (fy - fz)
        return torch.stack([L, a, bb], dim=1)


def get_inputs():
    image = torch.rand(batch_size, 3, height, width) * torch.rand(batch_size, 1, height, width) ** 2
    return [image]


def get_init_inputs():
    return []
