"""Jagged (ragged) mean pooling as in torchrec/fbgemm: values (total, D) with offsets (B + 1), mean per segment, zeros for an empty segment."""

import torch
import torch.nn as nn

batch_size = 8
dim = 40
max_len = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, values: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        lengths = offsets[1:] - offsets[:-1]
        B = lengths.numel()
        seg = torch.repeat_interleave(torch.arange(B, device=values.device), lengths)
        sums = torch.zeros(B, values.shape[1], dtype=values.dtype, device=values.device).index_add_(0, seg, values)
        return sums / torch.clamp(lengths, min=1).to(values.dtype)[:, None]


def get_inputs():
    lengths = torch.randint(1, max_len + 1, (batch_size,))
    lengths[2] = 0
    offsets = torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(lengths, 0)])
    values = torch.randn(int(offsets[-1]), dim)
    return [values, offsets]


def get_init_inputs():
    return []
