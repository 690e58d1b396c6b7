"""Rotation matrix -> unit quaternion (w, x, y, z) by Shepperd's method (branch on the trace and
the largest diagonal element), sign chosen so that w >= 0."""

import torch
import torch.nn as nn

num_rotations = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, R: torch.Tensor) -> torch.Tensor:
        m00, m01, m02 = R[:, 0, 0], R[:, 0, 1], R[:, 0, 2]
        m10, m11, m12 = R[:, 1, 0], R[:, 1, 1], R[:, 1, 2]
        m20, m21, m22 = R[:, 2, 0], R[:, 2, 1], R[:, 2, 2]
        tr = m00 + m11 + m22
        s0 = torch.sqrt(torch.clamp(tr + 1.0, min=1e-12)) * 2.0
        q0 = torch.stack([0.25 * s0, (m21 - m12) / s0, (m02 - m20) / s0, (m10 - m01) / s0], -1)
        s1 = torch.sqrt(torch.clamp(1.0 + m00 - m11 - m22, min=1e-12)) * 2.0
        q1 = torch.stack([(m21 - m12) / s1, 0.25 * s1, (m01 + m10) / s1, (m02 + m20) / s1], -1)
        s2 = torch.sqrt(torch.clamp(1.0 + m11 - m00 - m22, min=1e-12)) * 2.0
        q2 = torch.stack([(m02 - m20) / s2, (m01 + m10) / s2, 0.25 * s2, (m12 + m21) / s2], -1)
        s3 = torch.sqrt(torch.clamp(1.0 + m22 - m00 - m11, min=1e-12)) * 2.0
        q3 = torch.stack([(m10 - m01) / s3, (m02 + m20) / s3, (m12 + m21) / s3, 0.25 * s3], -1)
        c0 = (tr > 0)[:, None]
        c1 = ((m00 > m11) & (m00 > m22))[:, None]
        c2 = (m11 > m22)[:, None]
        q = torch.where(c0, q0, torch.where(c1, q1, torch.where(c2, q2, q3)))
        return torch.where(q[:, :1] < 0, -q, q)


def get_inputs():
    q = torch.randn(num_rotations, 4)
    q = q / q.norm(dim=1, keepdim=True)
    w, x, y, z = q.unbind(1)
    R = torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
        2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
        2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
    ], dim=1).view(num_rotations, 3, 3)
    return [R]


def get_init_inputs():
    return []
