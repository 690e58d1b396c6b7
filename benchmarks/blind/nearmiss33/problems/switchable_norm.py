"""Switchable normalization (Luo et al. 2019), training-mode statistics: a softmax-weighted mix of instance, layer
and batch means and variances, followed by a per-channel affine transform."""

import torch
import torch.nn as nn

batch_size = 4
channels = 12
height = 10
width = 12


class Model(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(num_features))
        self.bias = nn.Parameter(0.1 * torch.randn(num_features))
        self.mean_weight = nn.Parameter(torch.randn(3))
        self.var_weight = nn.Parameter(torch.randn(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, c, h, w = x.shape
        xv = x.view(n, c, -1)
        mean_in = xv.mean(-1, keepdim=True)
        var_in = xv.var(-1, keepdim=True)
        mean_ln = mean_in.mean(1, keepdim=True)
        temp = var_in + mean_in ** 2
        var_ln = temp.mean(1, keepdim=True) - mean_ln ** 2
        mean_bn = mean_in.mean(0, keepdim=True)
        var_bn = temp.mean(0, keepdim=True) - mean_bn ** 2
        mw = torch.softmax(self.mean_weight, 0)
        vw = torch.softmax(self.var_weight, 0)
        mean = mw[0] * mean_in + mw[1] * mean_ln + mw[2] * mean_bn
        var = vw[0] * var_in + vw[1] * var_ln + vw[2] * var_bn
        xv = (xv - mean) / (var + self.eps).sqrt()
        return xv.view(n, c, h, w) * self.weight.view(1, c, 1, 1) + self.bias.view(1, c, 1, 1)


def get_inputs():
    scale = 0.5 + torch.rand(1, channels, 1, 1)
    shift = torch.randn(1, channels, 1, 1) * 2.0 + torch.randn(batch_size, 1, 1, 1)
    return [torch.randn(batch_size, channels, height, width) * scale + shift]


def get_init_inputs():
    return [channels]
