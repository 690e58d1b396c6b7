"""Global Response Normalization (ConvNeXt V2) on a channels-last fp16 tensor, computed in fp32."""

import torch
import torch.nn as nn

batch_size = 2
height = 16
width = 16
channels = 48


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.gamma = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.5)
        self.beta = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float()
        gx = torch.sqrt((xf * xf).sum(dim=(1, 2), keepdim=True))
        nx = gx / (gx.mean(dim=-1, keepdim=True) + 1e-6)
        return (self.gamma * (xf * nx) + self.beta + xf).half()


def get_inputs():
    return [torch.randn(batch_size, height, width, channels).half()]


def get_init_inputs():
    return [channels]
