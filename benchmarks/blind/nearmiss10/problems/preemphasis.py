"""Pre-emphasis filter y[t] = x[t] - coef * x[t-1], y[0] = x[0], per row."""

import torch
import torch.nn as nn

batch_size = 8
length = 1024


class Model(nn.Module):
    def __init__(self, coef: float = 0.97):
        super().__init__()
        self.coef = coef

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.clone()
        y[:, 1:] = x[:, 1:] - self.coef * x[:, :-1]
        return y


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [0.97]
