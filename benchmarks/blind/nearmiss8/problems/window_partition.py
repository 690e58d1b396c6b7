"""Swin-style window partition: (B, H, W, C) -> (B * H/ws * W/ws, ws, ws, C)."""

import torch
import torch.nn as nn

batch_size = 2
height = 28
width = 28
channels = 12
window = 7


class Model(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, H, W, C = x.shape
        ws = self.window
        x = x.view(B, H // ws, ws, W // ws, ws, C)
        return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, ws, ws, C)


def get_inputs():
    return [torch.randn(batch_size, height, width, channels)]


def get_init_inputs():
    return [window]
