"""Adaptive gradient clipping (NFNet-style), unit-wise over the output rows of a weight matrix."""

import torch
import torch.nn as nn

out_features = 96
in_features = 300


class Model(nn.Module):
    def __init__(self, clipping: float = 0.05, eps: float = 1e-3):
        super().__init__()
        self.clipping = clipping
        self.eps = eps

    def forward(self, w: torch.Tensor, g: torch.Tensor) -> torch.Tensor:
        wn = w.norm(dim=1, keepdim=True).clamp(min=self.eps)
        gn = g.norm(dim=1, keepdim=True)
        max_norm = wn * self.clipping
        clipped = g * (max_norm / gn.clamp(min=1e-6))
        return torch.where(gn > max_norm, clipped, g)


def get_inputs():
    w = torch.randn(out_features, in_features)
    g = torch.randn(out_features, in_features) * (torch.rand(out_features, 1) * 0.1)
    return [w, g]


def get_init_inputs():
    return [0.05, 1e-3]
