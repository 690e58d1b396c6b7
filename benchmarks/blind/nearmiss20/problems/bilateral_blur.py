"""Bilateral blur (kornia.filters.bilateral_blur: 5x5 window, reflect border, L1 colour distance).

weight(p, q) = gauss_space(q - p) * exp(-0.5 * (sum_c |x_c(q) - x_c(p)|)^2 / sigma_color^2);
out(p) = sum_q weight * x(q) / sum_q weight, per channel.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 1
channels = 3
height = 24
width = 32
kernel_size = 5


class Model(nn.Module):
    def __init__(self, kernel_size: int = 5, sigma_color: float = 0.1, sigma_space: float = 1.5):
        super().__init__()
        self.k = kernel_size
        self.sigma_color = sigma_color
        self.sigma_space = sigma_space

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, C, H, W = x.shape
        k, r = self.k, self.k // 2
        ax = torch.arange(k, dtype=x.dtype, device=x.device) - r
        g1 = torch.exp(-(ax ** 2) / (2 * self.sigma_space ** 2))
        g1 = g1 / g1.sum()
        space = (g1[:, None] * g1[None, :]).reshape(1, 1, k * k, 1, 1)
        xp = F.pad(x, (r, r, r, r), mode="reflect")
        patches = F.unfold(xp, k).reshape(B, C, k * k, H, W)
        diff = patches - x.unsqueeze(2)
        dist = diff.abs().sum(1, keepdim=True)
        color = torch.exp(-0.5 * dist ** 2 / self.sigma_color ** 2)
        wgt = space * color
        return (patches * wgt).sum(2) / wgt.sum(2)


def get_inputs():
    x = torch.full((batch_size, channels, height, width), 0.2)
    x[:, :, : height // 2, width // 3:] = 0.7
    x[:, 1, height // 3:, : width // 2] = 0.45
    x = x + 0.05 * torch.randn(batch_size, channels, height, width)
    return [x]


def get_init_inputs():
    return [kernel_size]
