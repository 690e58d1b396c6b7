"""One NAdam step (torch.optim.NAdam, L2 weight decay, momentum decay 4e-3) at step `step`: returns the
updated parameter. The momentum-decay product covers steps 1..step."""

import torch
import torch.nn as nn

num_params = 4096
step = 10


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 5e-2, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, weight_decay: float = 1e-2, momentum_decay: float = 4e-3):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2 = step, lr, beta1, beta2
        self.eps, self.weight_decay, self.momentum_decay = eps, weight_decay, momentum_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        t, b1, b2, md = self.step, self.beta1, self.beta2, self.momentum_decay
        mu_product = 1.0
        for i in range(1, t + 1):
            mu_product *= b1 * (1.0 - 0.5 * (0.96 ** (i * md)))
        mu = b1 * (1.0 - 0.5 * (0.96 ** (t * md)))
        mu_next = b1 * (1.0 - 0.5 * (0.96 ** ((t + 1) * md)))
        bias_correction2 = 1.0 - b2 ** t
        g = grad + self.weight_decay * param
        m = exp_avg + (1.0 - b1) * (g - exp_avg)
        v = exp_avg_sq * b2 + (1.0 - b2) * g * g
        denom = (v / bias_correction2).sqrt() + self.eps
        c1 = -self.lr * (1.0 - mu) / (1.0 - mu_product)
        c2 = -self.lr * mu_next / (1.0 - mu_product * mu_next)
        return param + c1 * (g / denom) + c2 * (m / denom)


def get_inputs():
    param = 0.1 * torch.randn(num_params)
    grad = 0.1 * torch.randn(num_params)
    exp_avg = 0.05 * torch.randn(num_params)
    exp_avg_sq = 0.01 * torch.rand(num_params)
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return [step]
