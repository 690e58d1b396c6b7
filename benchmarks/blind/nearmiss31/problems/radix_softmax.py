"""Radix softmax of split attention (ResNeSt-style rSoftMax as in timm): softmax across the radix splits of each cardinal group."""

import torch
import torch.nn as nn

batch_size = 16
radix = 3
cardinality = 2
group_width = 100


class Model(nn.Module):
    def __init__(self, radix: int, cardinality: int):
        super().__init__()
        self.radix = radix
        self.cardinality = cardinality

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b = x.shape[0]
        x = x.view(b, self.cardinality, self.radix, -1).transpose(1, 2)
        x = torch.softmax(x, dim=1)
        return x.reshape(b, -1)


def get_inputs():
    return [torch.randn(batch_size, cardinality * radix * group_width) * 2.0]


def get_init_inputs():
    return [radix, cardinality]
