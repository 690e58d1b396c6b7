"""Dequantize signed-byte-packed int4 weights (low nibble first, offset 8) with per-group scales."""

import torch
import torch.nn as nn

rows = 64
packed_cols = 128
group_size = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, packed: torch.Tensor, scales: torch.Tensor) -> torch.Tensor:
        lo = (packed & 0xF).float() - 8.0
        hi = ((packed >> 4) & 0xF).float() - 8.0
        q = torch.stack([lo, hi], dim=-1).reshape(packed.shape[0], -1)
        gs = q.shape[1] // scales.shape[1]
        return q * scales.repeat_interleave(gs, dim=1)


def get_inputs():
    packed = torch.randint(-128, 128, (rows, packed_cols), dtype=torch.int8)
    scales = torch.rand(rows, 2 * packed_cols // group_size) * 0.1 + 0.01
    return [packed, scales]


def get_init_inputs():
    return []
