"""ScaleNorm (Nguyen & Salazar 2019): g * x / max(||x||_2, eps) over the last dim, with one learned scalar
g initialised to sqrt(dim)."""

import torch
import torch.nn as nn

batch_size = 16
dim = 256


class Model(nn.Module):
    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.g = nn.Parameter(torch.tensor(float(dim) ** 0.5))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.g * x / torch.norm(x, dim=-1, keepdim=True).clamp(min=self.eps)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim, 1e-5]
