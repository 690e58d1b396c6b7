"""Guided image filter (He et al.; kornia.filters.guided_blur with a per-channel guidance image):
box means with reflect borders, a = cov(I, p) / (var(I) + eps), b = mean(p) - a mean(I), output
mean(a) * I + mean(b)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 2
height = 15
width = 21
kernel_size = 5


def _box(x: torch.Tensor, k: int) -> torch.Tensor:
    r = k // 2
    return F.avg_pool2d(F.pad(x, (r, r, r, r), mode="reflect"), k, stride=1)


class Model(nn.Module):
    def __init__(self, kernel_size: int, eps: float):
        super().__init__()
        self.kernel_size = kernel_size
        self.eps = eps

    def forward(self, guide: torch.Tensor, src: torch.Tensor) -> torch.Tensor:
        k = self.kernel_size
        mean_i = _box(guide, k)
        mean_p = _box(src, k)
        var_i = _box(guide * guide, k) - mean_i * mean_i
        cov_ip = _box(guide * src, k) - mean_i * mean_p
        a = cov_ip / (var_i + self.eps)
        b = mean_p - a * mean_i
        return _box(a, k) * guide + _box(b, k)


def get_inputs():
    guide = torch.rand(batch_size, channels, height, width)
    src = 0.5 * guide + 0.5 * torch.rand(batch_size, channels, height, width)
    return [guide, src]


def get_init_inputs():
    return [kernel_size, 0.01]
