"""Rotation matrices from (not necessarily unit) quaternions in (w, x, y, z) order."""

import torch
import torch.nn as nn

num_quats = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        r, i, j, k = torch.unbind(q, -1)
        two_s = 2.0 / (q * q).sum(-1)
        o = torch.stack(
            (
                1 - two_s * (j * j + k * k),
                two_s * (i * j - k * r),
                two_s * (i * k + j * r),
                two_s * (i * j + k * r),
                1 - two_s * (i * i + k * k),
                two_s * (j * k - i * r),
                two_s * (i * k - j * r),
                two_s * (j * k + i * r),
                1 - two_s * (i * i + j * j),
            ),
            -1,
        )
        return o.reshape(q.shape[:-1] + (3, 3))


def get_inputs():
    return [torch.randn(num_quats, 4)]


def get_init_inputs():
    return []
