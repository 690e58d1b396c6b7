"""Ternary (1.58-bit) fake quantisation of a weight matrix with an absmean scale (BitNet b1.58)."""

import torch
import torch.nn as nn

out_features = 96
in_features = 211


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        scale = 1.0 / w.abs().mean().clamp(min=1e-5)
        return (w * scale).round().clamp(-1, 1) / scale


def get_inputs():
    return [torch.randn(out_features, in_features) * 0.02]


def get_init_inputs():
    return []
