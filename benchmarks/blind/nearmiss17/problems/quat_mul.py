"""Hamilton product of two batches of quaternions stored (w, x, y, z)."""

import torch
import torch.nn as nn

num_quats = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q1: torch.Tensor, q2: torch.Tensor) -> torch.Tensor:
        w1, x1, y1, z1 = q1.unbind(-1)
        w2, x2, y2, z2 = q2.unbind(-1)
        w = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2
        x = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2
        y = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2
        z = w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2
        return torch.stack([w, x, y, z], dim=-1)


def get_inputs():
    return [torch.randn(num_quats, 4), torch.randn(num_quats, 4)]


def get_init_inputs():
    return []
