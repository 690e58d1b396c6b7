"""One AdaBelief step (Zhuang et al. 2020, official PyTorch form without rectification or weight decay):
the second moment tracks (g - m)^2 + eps; returns the updated parameter."""

import math

import torch
import torch.nn as nn

num_params = 4096
step = 20


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps = step, lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_var):
        b1, b2, eps = self.beta1, self.beta2, self.eps
        bias_correction1 = 1.0 - b1 ** self.step
        bias_correction2 = 1.0 - b2 ** self.step
        m = b1 * exp_avg + (1.0 - b1) * grad
        r = grad - m
        s = b2 * exp_avg_var + (1.0 - b2) * r * r + eps
        denom = s.sqrt() / math.sqrt(bias_correction2) + eps
        step_size = self.lr / bias_correction1
        return param - step_size * (m / denom)


def get_inputs():
    param = torch.randn(num_params)
    grad = 0.1 * torch.randn(num_params)
    exp_avg = 0.05 * torch.randn(num_params)
    exp_avg_var = 1e-4 * torch.rand(num_params)
    return [param, grad, exp_avg, exp_avg_var]


def get_init_inputs():
    return [step]
