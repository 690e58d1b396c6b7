"""Blinn-Phong shading of surface points under one point light: ambient + Lambert diffuse + specular
(N.H)^shininess with the normalised half vector H = normalize(l + v) (zero where N.L <= 0), and the light
attenuated by 1 / (1 + k_lin d + k_quad d^2). Output (N, 3) RGB."""

import torch
import torch.nn as nn

num_points = 3000
shininess = 24


class Model(nn.Module):
    def __init__(self, shininess: int, k_lin: float = 0.09, k_quad: float = 0.032):
        super().__init__()
        self.shininess = shininess
        self.k_lin = k_lin
        self.k_quad = k_quad
        self.ambient = 0.1
        self.ks = 0.5

    def forward(self, pos, normal, albedo, light_pos, eye, light_color):
        n = normal / normal.norm(dim=1, keepdim=True)
        Lv = light_pos - pos
        d = Lv.norm(dim=1, keepdim=True)
        l = Lv / d
        V = eye - pos
        v = V / V.norm(dim=1, keepdim=True)
        H = l + v
        h = H / H.norm(dim=1, keepdim=True)
        ndl = (n * l).sum(1, keepdim=True).clamp_min(0.0)
        ndh = (n * h).sum(1, keepdim=True).clamp_min(0.0)
        spec = torch.where(ndl > 0, ndh ** self.shininess, torch.zeros_like(ndh))
        att = 1.0 / (1.0 + self.k_lin * d + self.k_quad * d * d)
        return albedo * (self.ambient + ndl * att * light_color) + self.ks * spec * att * light_color


def get_inputs():
    pos = (torch.rand(num_points, 3) - 0.5) * torch.tensor([8.0, 2.0, 8.0])
    normal = torch.randn(num_points, 3) + torch.tensor([0.0, 1.0, 0.0])
    albedo = torch.rand(num_points, 3)
    light_pos = torch.tensor([1.0, 4.0, 0.5]) + 0.5 * torch.randn(3)
    eye = torch.tensor([0.0, 3.0, 9.0]) + 0.5 * torch.randn(3)
    light_color = 0.6 + 0.4 * torch.rand(3)
    return [pos, normal, albedo, light_pos, eye, light_color]


def get_init_inputs():
    return [shininess]
