"""Power-average (L2) pooling over the last axis of an fp16 tensor, computed in fp32."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 16
length = 301
kernel_size = 3
stride = 2


class Model(nn.Module):
    def __init__(self, kernel_size: int, stride: int):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.lp_pool1d(x.float(), 2.0, self.kernel_size, stride=self.stride).to(x.dtype)


def get_inputs():
    return [torch.randn(batch_size, channels, length, dtype=torch.float16)]


def get_init_inputs():
    return [kernel_size, stride]
