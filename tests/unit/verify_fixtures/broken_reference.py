import torch
import torch.nn as nn

n = 64


class Model(nn.Module):
    def forward(self, x):
        return x.undefined_method()


def get_inputs():
    return [torch.randn(4, n)]


def get_init_inputs():
    return []
