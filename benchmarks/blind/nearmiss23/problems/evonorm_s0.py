"""EvoNorm-S0 (timm EvoNorm2dS0): x * sigmoid(v x) / group_std(x) * weight + bias, population variance."""

import torch
import torch.nn as nn

batch_size = 2
channels = 8
height = 8
width = 8
groups = 4


class Model(nn.Module):
    def __init__(self, channels, groups, eps=1e-5):
        super().__init__()
        self.groups, self.eps = groups, eps
        self.weight = nn.Parameter(1.0 + 0.2 * torch.randn(channels))
        self.bias = nn.Parameter(0.2 * torch.randn(channels))
        self.v = nn.Parameter(1.0 + 0.3 * torch.randn(channels))

    def forward(self, x):
        b, c, h, w = x.shape
        n = x * torch.sigmoid(self.v.view(1, -1, 1, 1) * x)
        xg = x.reshape(b, self.groups, -1)
        std = torch.sqrt(xg.var(dim=-1, unbiased=False, keepdim=True) + self.eps)
        std = std.expand(b, self.groups, c // self.groups * h * w).reshape(b, c, h, w)
        return n / std * self.weight.view(1, -1, 1, 1) + self.bias.view(1, -1, 1, 1)


def get_inputs():
    scale = torch.linspace(0.5, 2.0, channels)[None, :, None, None]
    return [torch.randn(batch_size, channels, height, width) * scale + 0.5]


def get_init_inputs():
    return [channels, groups]
