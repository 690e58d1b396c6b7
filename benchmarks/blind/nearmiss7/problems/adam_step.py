"""One Adam update of a parameter tensor (bias-corrected), returning the new parameter."""

import math

import torch
import torch.nn as nn

numel = 20000
step = 3


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps = step, lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        b1, b2 = self.beta1, self.beta2
        m = b1 * exp_avg + (1 - b1) * grad
        v = b2 * exp_avg_sq + (1 - b2) * grad * grad
        bias_correction1 = 1 - b1 ** self.step
        bias_correction2 = 1 - b2 ** self.step
        denom = v.sqrt() / math.sqrt(bias_correction2) + self.eps
        return param - (self.lr / bias_correction1) * m / denom


def get_inputs():
    return [torch.randn(numel), torch.randn(numel), torch.randn(numel) * 0.1, torch.rand(numel) * 0.01]


def get_init_inputs():
    return [step]
