"""xIELU activation with trainable positive and negative curvatures (softplus-parameterised)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 3000


class Model(nn.Module):
    def __init__(self, alpha_p_init: float = 0.8, alpha_n_init: float = 0.8, beta: float = 0.5, eps: float = -1e-6):
        super().__init__()
        self.alpha_p = nn.Parameter(torch.tensor(math.log(math.expm1(alpha_p_init))))
        self.alpha_n = nn.Parameter(torch.tensor(math.log(math.expm1(alpha_n_init - beta))))
        self.beta = beta
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ap = F.softplus(self.alpha_p)
        an = self.beta + F.softplus(self.alpha_n)
        pos = ap * x * x + self.beta * x
        neg = an * (torch.expm1(torch.clamp(x, max=self.eps)) - x) + self.beta * x
        return torch.where(x > 0, pos, neg)


def get_inputs():
    return [torch.randn(batch_size, dim) * 3.0]


def get_init_inputs():
    return [0.8, 0.8, 0.5, -1e-6]
