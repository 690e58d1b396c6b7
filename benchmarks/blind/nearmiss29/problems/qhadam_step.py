"""One QHAdam step (quasi-hyperbolic mixing of gradient and bias-corrected Adam moments).

Returns torch.stack([new_param, new_exp_avg, new_exp_avg_sq])."""

import torch
import torch.nn as nn

num_params = 5000


class Model(nn.Module):
    def __init__(self, lr=0.05, beta1=0.9, beta2=0.999, nu1=0.7, nu2=0.8, eps=1e-8, step=2):
        super().__init__()
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.nu1, self.nu2, self.eps, self.step = nu1, nu2, eps, step

    def forward(self, p, g, m, v):
        m = self.beta1 * m + (1.0 - self.beta1) * g
        v = self.beta2 * v + (1.0 - self.beta2) * g * g
        mh = m / (1.0 - self.beta1 ** self.step)
        vh = v / (1.0 - self.beta2 ** self.step)
        num = (1.0 - self.nu1) * g + self.nu1 * mh
        den = torch.sqrt((1.0 - self.nu2) * g * g + self.nu2 * vh) + self.eps
        return torch.stack([p - self.lr * num / den, m, v])


def get_inputs():
    p = torch.randn(num_params)
    g = torch.randn(num_params) * 0.1
    m = torch.randn(num_params) * 0.05
    v = torch.rand(num_params) * 1e-5 + 1e-7
    return [p, g, m, v]


def get_init_inputs():
    return [0.05, 0.9, 0.999, 0.7, 0.8, 1e-8, 2]
