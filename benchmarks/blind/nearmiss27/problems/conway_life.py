"""Conway's Game of Life (B3/S23) on a toroidal grid, several generations."""

import torch
import torch.nn as nn

batch_size = 3
height = 30
width = 44
generations = 4


class Model(nn.Module):
    def __init__(self, steps: int):
        super().__init__()
        self.steps = steps

    def forward(self, grid: torch.Tensor) -> torch.Tensor:
        # grid: (B, H, W) int64 in {0, 1}. Returns the grid after `steps` generations.
        g = grid
        for _ in range(self.steps):
            n = torch.zeros_like(g)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if dy or dx:
                        n = n + torch.roll(g, (dy, dx), (1, 2))
            g = ((n == 3) | ((g == 1) & (n == 2))).long()
        return g


def get_inputs():
    return [(torch.rand(batch_size, height, width) < 0.35).long()]


def get_init_inputs():
    return [generations]
