"""Gaussian blur with reflect padding (torchvision.transforms.functional.gaussian_blur, square kernel)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 1
channels = 3
height = 16
width = 20
kernel_size = 5


class Model(nn.Module):
    def __init__(self, kernel_size: int, sigma: float):
        super().__init__()
        self.kernel_size = kernel_size
        self.sigma = sigma

    def forward(self, img):
        ks = self.kernel_size
        half = (ks - 1) * 0.5
        x = torch.linspace(-half, half, ks, device=img.device)
        pdf = torch.exp(-0.5 * (x / self.sigma).pow(2))
        k1 = pdf / pdf.sum()
        k2 = torch.outer(k1, k1)
        c = img.shape[1]
        w = k2.expand(c, 1, ks, ks)
        p = F.pad(img, [ks // 2, ks // 2, ks // 2, ks // 2], mode="reflect")
        return F.conv2d(p, w, groups=c)


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return [kernel_size, 1.2]
