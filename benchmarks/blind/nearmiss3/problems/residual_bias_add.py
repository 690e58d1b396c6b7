import torch
import torch.nn as nn

batch_size = 4
seq_len = 64
hidden = 96


class Model(nn.Module):
    """out = x + residual + bias (bias over the hidden dimension)."""

    def __init__(self, hidden):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(hidden))

    def forward(self, x, residual):
        return x + residual + self.bias


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden), torch.randn(batch_size, seq_len, hidden)]


def get_init_inputs():
    return [hidden]
