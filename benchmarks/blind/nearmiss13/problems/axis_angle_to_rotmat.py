"""Rodrigues formula: axis-angle vectors to 3x3 rotation matrices."""

import torch
import torch.nn as nn

num_vectors = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, v):
        theta = v.norm(dim=1, keepdim=True).clamp_min(1e-8)
        k = v / theta
        kx, ky, kz = k[:, 0], k[:, 1], k[:, 2]
        z = torch.zeros_like(kx)
        K = torch.stack([z, -kz, ky, kz, z, -kx, -ky, kx, z], dim=1).view(-1, 3, 3)
        s = torch.sin(theta)[:, :, None]
        c = torch.cos(theta)[:, :, None]
        eye = torch.eye(3, dtype=v.dtype).expand_as(K)
        return eye + s * K + (1 - c) * (K @ K)


def get_inputs():
    return [torch.randn(num_vectors, 3)]


def get_init_inputs():
    return []
