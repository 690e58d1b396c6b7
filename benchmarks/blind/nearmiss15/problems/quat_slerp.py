"""Quaternion spherical linear interpolation along the shorter arc (Shoemake): inputs are normalised,
q1 is negated when the dot product is negative, nearly parallel pairs fall back to normalised lerp."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 1000


class Model(nn.Module):
    def __init__(self, threshold=0.9995):
        super().__init__()
        self.threshold = threshold

    def forward(self, q0, q1, t):
        q0 = F.normalize(q0, dim=-1)
        q1 = F.normalize(q1, dim=-1)
        dot = (q0 * q1).sum(-1)
        q1 = torch.where(dot[:, None] < 0, -q1, q1)
        dot = dot.abs()
        lerp = F.normalize(q0 + t[:, None] * (q1 - q0), dim=-1)
        dot_c = dot.clamp(max=1.0)
        theta = torch.acos(dot_c) * t
        q2 = F.normalize(q1 - q0 * dot_c[:, None], dim=-1)
        slerp = q0 * torch.cos(theta)[:, None] + q2 * torch.sin(theta)[:, None]
        return torch.where((dot > self.threshold)[:, None], lerp, slerp)


def get_inputs():
    return [torch.randn(batch_size, 4), torch.randn(batch_size, 4), torch.rand(batch_size)]


def get_init_inputs():
    return []
