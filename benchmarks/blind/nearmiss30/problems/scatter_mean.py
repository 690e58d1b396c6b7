"""torch_scatter-style scatter_mean over dim 0: rows of src are averaged into dim_size segments by an
unsorted int64 index; empty segments give 0 (the count is clamped to at least 1)."""

import torch
import torch.nn as nn

num_rows = 1000
num_features = 16
dim_size = 80
num_used = 60


class Model(nn.Module):
    def __init__(self, dim_size: int):
        super().__init__()
        self.dim_size = dim_size

    def forward(self, src: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(self.dim_size, src.shape[1], device=src.device, dtype=src.dtype)
        out.index_add_(0, index, src)
        cnt = torch.zeros(self.dim_size, device=src.device, dtype=src.dtype)
        cnt.index_add_(0, index, torch.ones(src.shape[0], device=src.device, dtype=src.dtype))
        return out / cnt.clamp(min=1).unsqueeze(1)


def get_inputs():
    return [torch.randn(num_rows, num_features), torch.randint(0, num_used, (num_rows,))]


def get_init_inputs():
    return [dim_size]
