"""NVFP4-style dequantisation: two E2M1 codes per byte (element 2i in the low nibble), one scale per 16 elements."""

import torch
import torch.nn as nn

rows = 64
cols = 512
group_size = 16


class Model(nn.Module):
    def __init__(self, group_size):
        super().__init__()
        self.group_size = group_size

    def forward(self, packed: torch.Tensor, scales: torch.Tensor) -> torch.Tensor:
        lut = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0,
                            -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0], device=packed.device)
        p = packed.to(torch.int64)
        lo = p & 0xF
        hi = (p >> 4) & 0xF
        codes = torch.stack([lo, hi], dim=-1).reshape(packed.shape[0], -1)
        vals = lut[codes]
        s = scales.repeat_interleave(self.group_size, dim=1)
        return vals * s


def get_inputs():
    packed = torch.randint(0, 256, (rows, cols // 2), dtype=torch.uint8)
    scales = torch.rand(rows, cols // group_size) * 4.0 + 0.1
    return [packed, scales]


def get_init_inputs():
    return [group_size]
