"""Sum of the rows of each segment given CSR-style offsets (empty segments give 0)."""

import torch
import torch.nn as nn

num_segments = 20
dim = 48
max_len = 60


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, values: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        lengths = offsets[1:] - offsets[:-1]
        seg = torch.repeat_interleave(torch.arange(lengths.numel(), device=values.device), lengths)
        out = torch.zeros(lengths.numel(), values.shape[1], dtype=values.dtype, device=values.device)
        return out.index_add_(0, seg, values)


def get_inputs():
    lengths = torch.randint(0, max_len, (num_segments,))
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), torch.cumsum(lengths, 0)])
    values = torch.randn(int(offsets[-1]), dim)
    return [values, offsets]


def get_init_inputs():
    return []
