"""log_softmax over the middle (channel) dimension of a 3-D tensor."""

import torch
import torch.nn as nn

batch_size = 4
channels = 37
length = 65


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.log_softmax(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return []
