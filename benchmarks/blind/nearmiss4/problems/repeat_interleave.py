import torch
import torch.nn as nn

batch_size = 16
length = 333
repeats = 3


class Model(nn.Module):
    """Repeat every element `repeats` times along the last dim."""

    def __init__(self, repeats):
        super().__init__()
        self.repeats = repeats

    def forward(self, x):
        return torch.repeat_interleave(x, self.repeats, dim=1)


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [repeats]
