"""Backward pass of training-mode BatchNorm2d (batch statistics, biased variance): given the input and the
output gradient, returns torch.cat([grad_input.flatten(), grad_weight, grad_bias]) as autograd computes them."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
channels = 6
height = 7
width = 7


class Model(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.3 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x, grad_out):
        with torch.enable_grad():
            xr = x.detach().requires_grad_(True)
            w = self.weight.detach().requires_grad_(True)
            b = self.bias.detach().requires_grad_(True)
            y = F.batch_norm(xr, None, None, w, b, training=True, eps=self.eps)
            gx, gw, gb = torch.autograd.grad(y, (xr, w, b), grad_out)
        return torch.cat([gx.reshape(-1), gw, gb])


def get_inputs():
    x = torch.randn(batch_size, channels, height, width) * 2.0 + 1.0
    grad_out = torch.randn(batch_size, channels, height, width) + 0.25
    return [x, grad_out]


def get_init_inputs():
    return [channels]
