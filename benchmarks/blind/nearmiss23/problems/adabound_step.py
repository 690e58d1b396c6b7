"""One AdaBound step (Adam with the per-element step size clipped into bounds that converge to final_lr).

Returns the new parameters, first and second moments, concatenated."""

import math

import torch
import torch.nn as nn

num_params = 3000
step = 1000


class Model(nn.Module):
    def __init__(self, step, lr=1e-3, final_lr=0.1, beta1=0.9, beta2=0.999, gamma=1e-3, eps=1e-8, weight_decay=0.01):
        super().__init__()
        self.step, self.lr, self.final_lr = step, lr, final_lr
        self.beta1, self.beta2, self.gamma, self.eps, self.weight_decay = beta1, beta2, gamma, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        t = self.step
        grad = grad + self.weight_decay * param
        m = self.beta1 * exp_avg + (1.0 - self.beta1) * grad
        v = self.beta2 * exp_avg_sq + (1.0 - self.beta2) * grad * grad
        bc1 = 1.0 - self.beta1 ** t
        bc2 = 1.0 - self.beta2 ** t
        step_size = self.lr * math.sqrt(bc2) / bc1
        lower = self.final_lr * (1.0 - 1.0 / (self.gamma * t + 1.0))
        upper = self.final_lr * (1.0 + 1.0 / (self.gamma * t))
        denom = torch.sqrt(v) + self.eps
        step_sizes = torch.clamp(step_size / denom, lower, upper) * m
        p = param - step_sizes
        return torch.cat([p, m, v])


def get_inputs():
    param = torch.randn(num_params)
    grad = torch.randn(num_params) * 0.001
    exp_avg = torch.randn(num_params)
    exp_avg_sq = 10.0 ** (torch.rand(num_params) * 7.0 - 8.0)
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return [step]
