"""Gradient clipping by global L2 norm (the scaling that clip_grad_norm_ applies), out of place."""

import torch
import torch.nn as nn

batch_size = 64
dim = 313
max_norm = 1.0


class Model(nn.Module):
    def __init__(self, max_norm: float):
        super().__init__()
        self.max_norm = max_norm

    def forward(self, grad: torch.Tensor) -> torch.Tensor:
        total_norm = torch.linalg.vector_norm(grad, 2.0)
        clip_coef = self.max_norm / (total_norm + 1e-6)
        return grad * torch.clamp(clip_coef, max=1.0)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [max_norm]
