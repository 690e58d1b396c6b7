"""One Adagrad step with L2 weight decay; returns the updated parameters."""

import torch
import torch.nn as nn

rows = 128
cols = 150


class Model(nn.Module):
    def __init__(self, lr: float = 0.1, weight_decay: float = 0.1, eps: float = 1e-10):
        super().__init__()
        self.lr = lr
        self.weight_decay = weight_decay
        self.eps = eps

    def forward(self, param, grad, state_sum):
        g = grad + self.weight_decay * param
        s = state_sum + g * g
        return param - self.lr * g / (s.sqrt() + self.eps)


def get_inputs():
    return [torch.randn(rows, cols), torch.randn(rows, cols), torch.rand(rows, cols) * 0.5]


def get_init_inputs():
    return [0.1, 0.1, 1e-10]
