"""Continuous 6D rotation representation to rotation matrix (Zhou et al.; PyTorch3D convention):
Gram-Schmidt on the two 3-vectors, third axis by cross product; the three basis vectors are the rows."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d6):
        a1, a2 = d6[..., :3], d6[..., 3:]
        b1 = F.normalize(a1, dim=-1)
        b2 = a2 - (b1 * a2).sum(-1, keepdim=True) * b1
        b2 = F.normalize(b2, dim=-1)
        b3 = torch.cross(b1, b2, dim=-1)
        return torch.stack((b1, b2, b3), dim=-2)


def get_inputs():
    return [torch.randn(batch_size, 6)]


def get_init_inputs():
    return []
