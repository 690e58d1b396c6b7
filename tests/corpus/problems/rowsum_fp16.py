"""Row sums of a half-precision matrix (torch accumulates fp16 sums in fp32)."""

import torch
import torch.nn as nn

batch_size = 8
dim = 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.sum(dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim).half()]


def get_init_inputs():
    return []
