import torch
import torch.nn as nn

batch_size = 16
dim = 300
num_idx = 64


class Model(nn.Module):
    """torch.gather along dim 1: each row picks its own columns."""

    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        return torch.gather(x, 1, idx)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randint(0, dim, (batch_size, num_idx))]


def get_init_inputs():
    return []
