"""Soft Gumbel-softmax sample from logits and given uniform noise."""

import torch
import torch.nn as nn

batch_size = 32
num_classes = 257


class Model(nn.Module):
    def __init__(self, tau: float = 0.7):
        super().__init__()
        self.tau = tau

    def forward(self, logits: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        g = -torch.log(-torch.log(u))
        return torch.softmax((logits + g) / self.tau, dim=1)


def get_inputs():
    logits = torch.randn(batch_size, num_classes)
    u = torch.rand(batch_size, num_classes).clamp(1e-6, 1.0 - 1e-6)
    return [logits, u]


def get_init_inputs():
    return [0.7]
