"""One Adadelta step; returns the new parameter, square average and accumulated delta stacked."""

import torch
import torch.nn as nn

rows = 96
cols = 101


class Model(nn.Module):
    def __init__(self, lr: float = 1.0, rho: float = 0.9, eps: float = 1e-6):
        super().__init__()
        self.lr = lr
        self.rho = rho
        self.eps = eps

    def forward(self, param, grad, square_avg, acc_delta):
        square_avg = self.rho * square_avg + (1.0 - self.rho) * grad * grad
        std = torch.sqrt(square_avg + self.eps)
        delta = torch.sqrt(acc_delta + self.eps) / std * grad
        acc_delta = self.rho * acc_delta + (1.0 - self.rho) * delta * delta
        param = param - self.lr * delta
        return torch.stack([param, square_avg, acc_delta])


def get_inputs():
    return [
        torch.randn(rows, cols),
        torch.randn(rows, cols),
        torch.rand(rows, cols) + 0.1,
        torch.rand(rows, cols) * 0.5 + 0.05,
    ]


def get_init_inputs():
    return [1.0, 0.9, 1e-6]
