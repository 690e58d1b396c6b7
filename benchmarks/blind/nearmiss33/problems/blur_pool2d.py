"""Anti-aliased downsampling (BlurPool, Zhang 2019): reflection padding by 1, then a depthwise 3 x 3 binomial
[1, 2, 1] x [1, 2, 1] / 16 filter applied with stride 2."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 6
height = 15
width = 13


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c = x.shape[1]
        f = torch.tensor([1.0, 2.0, 1.0], device=x.device, dtype=x.dtype)
        filt = (f[:, None] * f[None, :]) / 16.0
        xp = F.pad(x, (1, 1, 1, 1), mode="reflect")
        return F.conv2d(xp, filt.expand(c, 1, 3, 3).contiguous(), stride=2, groups=c)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
