"""SmoothQuant per-input-channel smoothing scales from activation and weight column magnitudes."""

import torch
import torch.nn as nn

num_tokens = 96
in_features = 150
out_features = 64


class Model(nn.Module):
    def __init__(self, alpha=0.5):
        super().__init__()
        self.alpha = alpha

    def forward(self, act: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        a = act.abs().amax(dim=0)
        w = weight.abs().amax(dim=0)
        return (a.pow(self.alpha) / w.pow(1.0 - self.alpha)).clamp(min=1e-5)


def get_inputs():
    act = torch.randn(num_tokens, in_features) * (1.0 + 4.0 * torch.rand(in_features))
    weight = torch.randn(out_features, in_features) * 0.05
    return [act, weight]


def get_init_inputs():
    return [0.5]
