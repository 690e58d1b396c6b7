"""LSQ fake quantisation (signed, learnable step size) of an activation tensor."""

import torch
import torch.nn as nn

batch_size = 64
dim = 300
bits = 4


class Model(nn.Module):
    def __init__(self, bits=4):
        super().__init__()
        self.bits = bits
        self.step = nn.Parameter(torch.tensor(0.2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        qn = 2 ** (self.bits - 1)
        qp = 2 ** (self.bits - 1) - 1
        return torch.round(torch.clamp(x / self.step, -qn, qp)) * self.step


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [bits]
