import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
channels = 10
height = 23
width = 19
eps = 1e-5


class Model(nn.Module):
    """BatchNorm2d in inference mode (running statistics, affine)."""

    def __init__(self, channels, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels) * 0.5 + 1.0)
        self.bias = nn.Parameter(torch.randn(channels) * 0.2)
        self.register_buffer("running_mean", torch.randn(channels) * 0.5)
        self.register_buffer("running_var", torch.rand(channels) + 0.25)
        self.eps = eps

    def forward(self, x):
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                            training=False, eps=self.eps)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, eps]
