"""E-step of a diagonal Gaussian mixture: posterior component probabilities of each point (mixture weights from a
softmax over logits)."""

import math

import torch
import torch.nn as nn

num_points = 200
num_components = 6
dim = 10


class Model(nn.Module):
    def __init__(self, n_components: int, n_dim: int):
        super().__init__()
        self.means = nn.Parameter(torch.randn(n_components, n_dim) * 1.5)
        self.log_var = nn.Parameter(torch.randn(n_components, n_dim) * 0.3)
        self.logits = nn.Parameter(torch.randn(n_components) * 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        var = self.log_var.exp()
        diff = x[:, None, :] - self.means[None, :, :]
        log_prob = -0.5 * ((diff ** 2) / var[None] + self.log_var[None] + math.log(2.0 * math.pi)).sum(dim=-1)
        log_prob = log_prob + torch.log_softmax(self.logits, dim=0)[None, :]
        return torch.softmax(log_prob, dim=1)


def get_inputs():
    return [torch.randn(num_points, dim) * 1.5]


def get_init_inputs():
    return [num_components, dim]
