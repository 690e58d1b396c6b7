"""Barron's general robust loss rho(x, alpha, c) on the residual, mean over all elements (alpha not 0 or 2)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 1001


class Model(nn.Module):
    def __init__(self, alpha=1.5, scale=0.8):
        super().__init__()
        self.alpha = alpha
        self.scale = scale

    def forward(self, pred, target):
        a = self.alpha
        am2 = abs(a - 2.0)
        z = ((pred - target) / self.scale) ** 2
        loss = am2 / a * (torch.pow(z / am2 + 1.0, a / 2.0) - 1.0)
        return loss.mean()


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [1.5, 0.8]
