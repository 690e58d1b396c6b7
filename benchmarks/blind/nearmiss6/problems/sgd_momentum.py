"""One SGD-with-momentum step: returns the updated parameter."""

import torch
import torch.nn as nn

num_params = 25000
lr = 0.1
momentum = 0.9


class Model(nn.Module):
    def __init__(self, lr: float, momentum: float):
        super().__init__()
        self.lr = lr
        self.momentum = momentum

    def forward(self, param: torch.Tensor, grad: torch.Tensor, buf: torch.Tensor) -> torch.Tensor:
        buf = self.momentum * buf + grad
        return param - self.lr * buf


def get_inputs():
    return [torch.randn(num_params), torch.randn(num_params), torch.randn(num_params)]


def get_init_inputs():
    return [lr, momentum]
