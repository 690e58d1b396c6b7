"""ECA channel attention (timm EcaModule): per-channel global average pool, a 1-D convolution across
channels (odd kernel, zero padding, no bias), a sigmoid gate, and the input scaled by its channel gate."""

import torch
import torch.nn as nn

batch_size = 4
channels = 48
height = 12
width = 10
kernel_size = 3


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.conv = nn.Conv1d(1, 1, kernel_size=k, padding=(k - 1) // 2, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.mean((2, 3)).view(x.shape[0], 1, -1)
        y = self.conv(y)
        y = torch.sigmoid(y).view(x.shape[0], -1, 1, 1)
        return x * y


def get_inputs():
    return [torch.randn(batch_size, channels, height, width) + torch.randn(1, channels, 1, 1)]


def get_init_inputs():
    return [kernel_size]
