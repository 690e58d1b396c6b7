"""NV12 video frame (8-bit luma plane + interleaved half-resolution chroma plane) to RGB in [0, 1],
BT.601 limited range; every chroma sample covers a 2x2 block of luma samples."""

import torch
import torch.nn as nn

batch_size = 2
height = 24
width = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y, uv):
        H, W = y.shape[1], y.shape[2]
        c = y.to(torch.float32) - 16.0
        uvf = uv.to(torch.float32).repeat_interleave(2, dim=1).repeat_interleave(2, dim=2)[:, :H, :W]
        d = uvf[..., 0] - 128.0
        e = uvf[..., 1] - 128.0
        r = 1.164 * c + 1.596 * e
        g = 1.164 * c - 0.392 * d - 0.813 * e
        b = 1.164 * c + 2.017 * d
        return torch.clamp(torch.stack([r, g, b], dim=1), 0.0, 255.0) / 255.0


def get_inputs():
    y = torch.randint(0, 256, (batch_size, height, width), dtype=torch.uint8)
    uv = torch.randint(0, 256, (batch_size, (height + 1) // 2, (width + 1) // 2, 2), dtype=torch.uint8)
    return [y, uv]


def get_init_inputs():
    return []
