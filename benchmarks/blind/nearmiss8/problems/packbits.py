"""Pack the signs of a float matrix into bytes (x > 0 -> 1), eight per byte, first element in
the most significant bit (numpy.packbits order)."""

import torch
import torch.nn as nn

rows = 300
num_bytes = 9


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        bits = (x > 0).to(torch.uint8).view(x.shape[0], -1, 8)
        weights = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.uint8, device=x.device)
        return (bits * weights).sum(dim=-1).to(torch.uint8)


def get_inputs():
    return [torch.randn(rows, num_bytes * 8)]


def get_init_inputs():
    return []
