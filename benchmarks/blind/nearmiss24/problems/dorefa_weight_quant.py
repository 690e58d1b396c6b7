"""DoReFa-Net k-bit weight quantisation: tanh, scaled by twice the largest |tanh| to [0, 1], rounded to 2^k - 1
levels and mapped back to [-1, 1]."""

import torch
import torch.nn as nn

out_channels = 96
in_features = 300
bits = 3


class Model(nn.Module):
    def __init__(self, bits: int):
        super().__init__()
        self.bits = bits

    def forward(self, w):
        levels = 2 ** self.bits - 1
        t = torch.tanh(w)
        t = t / (2.0 * t.abs().max()) + 0.5
        q = torch.round(t * levels) / levels
        return 2.0 * q - 1.0


def get_inputs():
    return [torch.randn(out_channels, in_features) * 0.8]


def get_init_inputs():
    return [bits]
