"""torch.gather along the last dimension."""

import torch
import torch.nn as nn

batch_size = 16
src_len = 500
num_idx = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        return torch.gather(x, 1, idx)


def get_inputs():
    return [torch.randn(batch_size, src_len), torch.randint(0, src_len, (batch_size, num_idx))]


def get_init_inputs():
    return []
