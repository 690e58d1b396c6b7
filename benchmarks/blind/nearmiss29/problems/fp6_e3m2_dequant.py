"""Dequantise FP6 (E3M2, exponent bias 3) weights packed four values to three bytes, one scale per row."""

import torch
import torch.nn as nn

num_rows = 48
row_len = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, packed: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        rows = packed.shape[0]
        b = packed.to(torch.int64).view(rows, -1, 3)
        b0, b1, b2 = b.unbind(-1)
        v0 = b0 >> 2
        v1 = ((b0 & 3) << 4) | (b1 >> 4)
        v2 = ((b1 & 15) << 2) | (b2 >> 6)
        v3 = b2 & 63
        v = torch.stack([v0, v1, v2, v3], dim=-1).view(rows, -1)
        e = (v >> 2) & 7
        m = (v & 3).to(torch.float32)
        mag = torch.where(e == 0, m * 0.0625, (1.0 + m * 0.25) * torch.exp2(e.to(torch.float32) - 3.0))
        val = torch.where((v >> 5) != 0, -mag, mag)
        return val * scale[:, None]


def get_inputs():
    packed = torch.randint(0, 256, (num_rows, 3 * row_len // 4), dtype=torch.uint8)
    scale = torch.rand(num_rows) + 0.5
    return [packed, scale]


def get_init_inputs():
    return []
