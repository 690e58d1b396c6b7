"""Input gradient of log_softmax over the last dim, from the upstream gradient and the output."""

import torch
import torch.nn as nn

batch_size = 32
dim = 499


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dy: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return dy - torch.exp(y) * dy.sum(dim=1, keepdim=True)


def get_inputs():
    dy = torch.randn(batch_size, dim)
    y = torch.log_softmax(torch.randn(batch_size, dim) * 2.0, dim=1)
    return [dy, y]


def get_init_inputs():
    return []
