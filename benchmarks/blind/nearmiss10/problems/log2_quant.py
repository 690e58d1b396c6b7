"""Power-of-two (logarithmic) fake quantisation with a clamped exponent range."""

import torch
import torch.nn as nn

batch_size = 64
dim = 150
min_exp = -8
max_exp = 4


class Model(nn.Module):
    def __init__(self, min_exp: int, max_exp: int):
        super().__init__()
        self.min_exp = min_exp
        self.max_exp = max_exp

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = torch.round(torch.log2(x.abs())).clamp(self.min_exp, self.max_exp)
        return torch.sign(x) * torch.exp2(e)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [min_exp, max_exp]
