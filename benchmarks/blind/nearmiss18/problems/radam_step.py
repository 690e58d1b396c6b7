"""One RAdam step (torch.optim.RAdam semantics, no weight decay) on a flat parameter; returns the
updated parameter. The step count is a constructor argument."""

import math

import torch
import torch.nn as nn

num_params = 4096
step = 100


class Model(nn.Module):
    def __init__(self, step, lr=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
        super().__init__()
        self.step = step
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        b1, b2, t = self.beta1, self.beta2, self.step
        m = b1 * exp_avg + (1 - b1) * grad
        v = b2 * exp_avg_sq + (1 - b2) * grad * grad
        bc1 = 1 - b1 ** t
        bc2 = 1 - b2 ** t
        m_hat = m / bc1
        rho_inf = 2 / (1 - b2) - 1
        rho_t = rho_inf - 2 * t * b2 ** t / bc2
        if rho_t > 5.0:
            rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            adaptive = math.sqrt(bc2) / (v.sqrt() + self.eps)
            return param - self.lr * m_hat * rect * adaptive
        return param - self.lr * m_hat


def get_inputs():
    param = torch.randn(num_params)
    grad = torch.randn(num_params)
    exp_avg = torch.randn(num_params) * 0.3
    exp_avg_sq = torch.rand(num_params) * 0.02 + 0.001
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return [step]
