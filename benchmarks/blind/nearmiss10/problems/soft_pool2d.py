"""SoftPool 2x2 (stride 2): softmax-weighted sum of each window."""

import torch
import torch.nn as nn

batch_size = 2
channels = 16
height = 32
width = 30


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, c, h, w = x.shape
        win = x.view(b, c, h // 2, 2, w // 2, 2).permute(0, 1, 2, 4, 3, 5).reshape(b, c, h // 2, w // 2, 4)
        return (torch.softmax(win, dim=-1) * win).sum(dim=-1)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
