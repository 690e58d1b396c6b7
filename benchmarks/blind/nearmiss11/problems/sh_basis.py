"""Real spherical-harmonics basis up to degree 2 (NeRF / 3D Gaussian splatting convention)
evaluated at normalised view directions."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_dirs = 4096

C0 = 0.28209479177387814
C1 = 0.4886025119029199
C2 = (1.0925484305920792, -1.0925484305920792, 0.31539156525252005, -1.0925484305920792, 0.5462742152960396)


class Model(nn.Module):
    """(N, 3) directions -> (N, 9) basis values."""

    def __init__(self):
        super().__init__()

    def forward(self, dirs: torch.Tensor) -> torch.Tensor:
        d = F.normalize(dirs, dim=-1)
        x, y, z = d[:, 0], d[:, 1], d[:, 2]
        xx, yy, zz = x * x, y * y, z * z
        return torch.stack([
            torch.full_like(x, C0),
            -C1 * y,
            C1 * z,
            -C1 * x,
            C2[0] * x * y,
            C2[1] * y * z,
            C2[2] * (2.0 * zz - xx - yy),
            C2[3] * x * z,
            C2[4] * (xx - yy),
        ], dim=-1)


def get_inputs():
    return [torch.randn(num_dirs, 3)]


def get_init_inputs():
    return []
