"""Softmax over the first lengths[b] positions of each row; the rest of the row is 0."""

import torch
import torch.nn as nn

batch_size = 40
max_len = 501


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(x.shape[1], device=x.device)
        valid = pos[None, :] < lengths[:, None]
        return torch.softmax(x.masked_fill(~valid, float("-inf")), dim=-1)


def get_inputs():
    x = torch.randn(batch_size, max_len) * 2.0
    lengths = torch.randint(1, max_len + 1, (batch_size,))
    return [x, lengths]


def get_init_inputs():
    return []
