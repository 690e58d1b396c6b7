"""One RMSprop step; returns the updated parameters and square average stacked."""

import torch
import torch.nn as nn

numel = 24001


class Model(nn.Module):
    def __init__(self, lr: float = 1e-2, alpha: float = 0.99, eps: float = 1e-8):
        super().__init__()
        self.lr = lr
        self.alpha = alpha
        self.eps = eps

    def forward(self, param: torch.Tensor, grad: torch.Tensor, square_avg: torch.Tensor) -> torch.Tensor:
        new_avg = square_avg * self.alpha + grad * grad * (1.0 - self.alpha)
        new_param = param - self.lr * grad / (new_avg.sqrt() + self.eps)
        return torch.stack([new_param, new_avg])


def get_inputs():
    return [torch.randn(numel), torch.randn(numel), torch.rand(numel) * 0.5]


def get_init_inputs():
    return []
