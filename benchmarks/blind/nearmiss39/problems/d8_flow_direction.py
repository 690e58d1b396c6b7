"""D8 flow directions (O'Callaghan and Mark 1984) of digital elevation models, ESRI codes.

Each cell drains to the neighbour with the steepest downhill drop (z - z_n) / distance (the cell size,
times sqrt 2 for diagonals), taken in the order E=1, SE=2, S=4, SW=8, W=16, NW=32, N=64, NE=128 (rows grow
southwards); a later direction wins only with a strictly larger drop. Neighbours outside the grid are
ignored, and a cell without a positive drop (pit or flat) gets 0. Output (batch, height, width) int64.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 40
width = 50
CELL_SIZE = 2.0

_DIRS = ((0, 1, 1), (1, 1, 2), (1, 0, 4), (1, -1, 8), (0, -1, 16), (-1, -1, 32), (-1, 0, 64), (-1, 1, 128))


class Model(nn.Module):
    def __init__(self, cell_size: float):
        super().__init__()
        self.cell_size = cell_size

    def forward(self, dem):
        b, h, w = dem.shape
        padded = F.pad(dem[:, None], (1, 1, 1, 1), value=float("inf"))[:, 0]
        best = torch.zeros_like(dem)
        code = torch.zeros(b, h, w, dtype=torch.int64, device=dem.device)
        for dy, dx, c in _DIRS:
            nb = padded[:, 1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
            dist = self.cell_size * math.sqrt(2.0) if dy != 0 and dx != 0 else self.cell_size
            drop = (dem - nb) / dist
            better = drop > best
            best = torch.where(better, drop, best)
            code = torch.where(better, torch.full_like(code, c), code)
        return code


def get_inputs():
    b, h, w = batch_size, height, width
    coarse = torch.randn(b, 1, h // 8 + 2, w // 8 + 2) * 30.0
    relief = F.interpolate(coarse, size=(h, w), mode="bicubic", align_corners=False)[:, 0]
    ys = torch.arange(h, dtype=torch.float32)[:, None]
    xs = torch.arange(w, dtype=torch.float32)[None, :]
    dem = 300.0 + relief + 0.4 * ys - 0.25 * xs + 1.5 * torch.randn(b, h, w)
    return [torch.round(dem * 2.0) / 2.0]


def get_init_inputs():
    return [CELL_SIZE]
