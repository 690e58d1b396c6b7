"""Cook-Torrance specular reflection per shading point: GGX / Trowbridge-Reitz distribution (alpha = r^2),
Schlick-GGX geometry with k = (r + 1)^2 / 8 (Smith, both directions), Schlick Fresnel;
returns D * G * F / (4 NdotL NdotV + 1e-4) * NdotL. Normal, light and view directions are normalised first."""

import math

import torch
import torch.nn as nn

num_points = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, normal, light, view, roughness, f0):
        n = normal / torch.sqrt((normal * normal).sum(dim=1, keepdim=True))
        l = light / torch.sqrt((light * light).sum(dim=1, keepdim=True))
        v = view / torch.sqrt((view * view).sum(dim=1, keepdim=True))
        h = l + v
        h = h / torch.sqrt((h * h).sum(dim=1, keepdim=True))
        ndl = (n * l).sum(dim=1).clamp(min=0.0)
        ndv = (n * v).sum(dim=1).clamp(min=0.0)
        ndh = (n * h).sum(dim=1).clamp(min=0.0)
        vdh = (v * h).sum(dim=1).clamp(min=0.0)
        a = roughness * roughness
        a2 = a * a
        den = ndh * ndh * (a2 - 1.0) + 1.0
        d = a2 / (math.pi * den * den)
        k = (roughness + 1.0) * (roughness + 1.0) / 8.0
        g = ndv / (ndv * (1.0 - k) + k) * (ndl / (ndl * (1.0 - k) + k))
        m = 1.0 - vdh
        f = f0 + (1.0 - f0) * (m * m * m * m * m)
        return d * g * f / (4.0 * ndl * ndv + 1e-4) * ndl


def get_inputs():
    normal = torch.randn(num_points, 3) * torch.tensor([0.3, 0.3, 0.0]) + torch.tensor([0.0, 0.0, 1.0])
    light = torch.randn(num_points, 3) + torch.tensor([0.0, 0.0, 0.6])
    view = 0.5 * torch.randn(num_points, 3) + torch.tensor([0.0, 0.0, 1.0])
    roughness = 0.35 + 0.6 * torch.rand(num_points)
    f0 = 0.02 + 0.2 * torch.rand(num_points)
    return [normal, light, view, roughness, f0]


def get_init_inputs():
    return []
