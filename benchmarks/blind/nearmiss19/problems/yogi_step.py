"""One Yogi step (Zaheer et al. 2018): additive second-moment update v - (1 - beta2) sign(v - g^2) g^2;
returns the updated parameter."""

import math

import torch
import torch.nn as nn

num_params = 4096
step = 3


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-3):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps = step, lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        b1, b2 = self.beta1, self.beta2
        bias_correction1 = 1.0 - b1 ** self.step
        bias_correction2 = 1.0 - b2 ** self.step
        m = b1 * exp_avg + (1.0 - b1) * grad
        g2 = grad * grad
        v = exp_avg_sq - (1.0 - b2) * torch.sign(exp_avg_sq - g2) * g2
        denom = v.sqrt() / math.sqrt(bias_correction2) + self.eps
        return param - (self.lr / bias_correction1) * (m / denom)


def get_inputs():
    param = torch.randn(num_params)
    grad = 0.05 * torch.randn(num_params)
    exp_avg = 0.01 * torch.randn(num_params)
    exp_avg_sq = 1e-6 * torch.rand(num_params)  # early in training: v is still small against g^2
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return [step]
