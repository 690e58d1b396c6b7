"""Dequantisation of NF4 (4-bit NormalFloat) weights: two codes per byte (first code in the high
nibble), a 16-entry code book and one absmax scale per block of 64 weights."""

import torch
import torch.nn as nn

rows = 96
cols = 192
blocksize = 64

NF4_CODE = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]


class Model(nn.Module):
    def __init__(self, blocksize: int, cols: int):
        super().__init__()
        self.blocksize = blocksize
        self.cols = cols
        self.register_buffer("code", torch.tensor(NF4_CODE, dtype=torch.float32))

    def forward(self, packed: torch.Tensor, absmax: torch.Tensor) -> torch.Tensor:
        hi = (packed >> 4).long()
        lo = (packed & 15).long()
        idx = torch.stack([hi, lo], dim=-1).view(-1)
        scale = absmax.repeat_interleave(self.blocksize)
        return (self.code[idx] * scale).view(-1, self.cols)


def get_inputs():
    packed = torch.randint(0, 256, (rows * cols // 2,), dtype=torch.uint8)
    absmax = torch.rand(rows * cols // blocksize) + 0.5
    return [packed, absmax]


def get_init_inputs():
    return [blocksize, cols]
