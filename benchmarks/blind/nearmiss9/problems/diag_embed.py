"""torch.diag_embed with an offset: each row becomes a (shifted) diagonal of a square matrix."""

import torch
import torch.nn as nn

batch_size = 12
length = 40
offset = 2


class Model(nn.Module):
    def __init__(self, offset: int):
        super().__init__()
        self.offset = offset

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.diag_embed(x, offset=self.offset)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [offset]
