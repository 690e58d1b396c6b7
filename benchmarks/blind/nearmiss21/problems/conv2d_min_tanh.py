"""Conv2d (valid, stride 1) -> min over channels (keepdim) -> tanh -> tanh (KernelBench level-2 style
"Conv2d_Min_Tanh_Tanh")."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 3
out_channels = 7
height = 17
width = 19
kernel_size = 3


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.conv(x)
        x = torch.min(x, dim=1, keepdim=True)[0]
        return torch.tanh(torch.tanh(x))


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
