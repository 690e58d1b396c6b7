"""Scatter-add of each row's values into bins (indices repeat)."""

import torch
import torch.nn as nn

batch_size = 8
num_src = 400
num_bins = 100


class Model(nn.Module):
    def __init__(self, num_bins: int):
        super().__init__()
        self.num_bins = num_bins

    def forward(self, src: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(src.shape[0], self.num_bins, dtype=src.dtype, device=src.device)
        return out.scatter_add_(1, idx, src)


def get_inputs():
    return [torch.randn(batch_size, num_src), torch.randint(0, num_bins, (batch_size, num_src))]


def get_init_inputs():
    return [num_bins]
