"""Advantage-weighted regression weights (AWR / CRR / IQL policy extraction):
exp(temperature * (q - v)) clamped above at max_weight."""

import torch
import torch.nn as nn

num_samples = 20000


class Model(nn.Module):
    def __init__(self, temperature: float, max_weight: float):
        super().__init__()
        self.temperature = temperature
        self.max_weight = max_weight

    def forward(self, q: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return torch.exp(self.temperature * (q - v)).clamp(max=self.max_weight)


def get_inputs():
    return [torch.randn(num_samples) * 2.0, torch.randn(num_samples)]


def get_init_inputs():
    return [3.0, 100.0]
