"""Cloud-in-cell charge deposition of particles onto a periodic 2-D grid (particle-in-cell codes).

Positions are in cell units, x in [0, grid_w), y in [0, grid_h); grid values sit at cell centres
(j + 0.5). Each particle's charge is shared bilinearly between the four nearest centres, with periodic
wrap-around; the grid size is a constructor argument. The output is the deposited charge per cell,
(batch, grid_h, grid_w).
"""

import torch
import torch.nn as nn

batch_size = 2
num_particles = 2000
grid_h = 16
grid_w = 24


class Model(nn.Module):
    def __init__(self, gh: int, gw: int):
        super().__init__()
        self.gh = gh
        self.gw = gw

    def forward(self, positions, charges):
        b, n, _ = positions.shape
        gh, gw = self.gh, self.gw
        gx = positions[..., 0] - 0.5
        gy = positions[..., 1] - 0.5
        fx0 = torch.floor(gx)
        fy0 = torch.floor(gy)
        fx = gx - fx0
        fy = gy - fy0
        ix = fx0.to(torch.int64)
        iy = fy0.to(torch.int64)
        out = torch.zeros(b * gh * gw, dtype=torch.float32, device=positions.device)
        base = (torch.arange(b, device=positions.device) * gh * gw)[:, None]
        for oy, wy in ((0, 1.0 - fy), (1, fy)):
            for ox, wx in ((0, 1.0 - fx), (1, fx)):
                cell = base + ((iy + oy) % gh) * gw + (ix + ox) % gw
                out.index_add_(0, cell.reshape(-1), (charges * (wx * wy)).reshape(-1))
        return out.reshape(b, gh, gw)


def get_inputs():
    pos = torch.rand(batch_size, num_particles, 2) * torch.tensor([float(grid_w), float(grid_h)])
    charges = 0.5 + torch.rand(batch_size, num_particles)
    return [pos, charges]


def get_init_inputs():
    return [grid_h, grid_w]
