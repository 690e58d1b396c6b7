import torch
import torch.nn as nn

size = 1000


class Model(nn.Module):
    def forward(self, x):
        return x * 2.0


def get_inputs():
    return [torch.randn(size)]


def get_init_inputs():
    return []
