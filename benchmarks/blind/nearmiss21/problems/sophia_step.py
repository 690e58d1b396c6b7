"""One SophiaG optimizer step on a flat parameter (the Hessian EMA is given): momentum update,
decoupled weight decay, and a sign step scaled by min(|m| / (rho * bs * h + 1e-15), 1).
Returns the new parameter and momentum stacked as (2, numel)."""

import torch
import torch.nn as nn

num_params = 2311


class Model(nn.Module):
    def __init__(self, lr: float, beta1: float, rho: float, weight_decay: float, bs: int):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.rho = rho
        self.weight_decay = weight_decay
        self.bs = bs

    def forward(self, param, grad, exp_avg, hessian):
        m = self.beta1 * exp_avg + (1.0 - self.beta1) * grad
        p = param * (1.0 - self.lr * self.weight_decay)
        ratio = (m.abs() / (self.rho * self.bs * hessian + 1e-15)).clamp(max=1.0)
        p = p - self.lr * torch.sign(m) * ratio
        return torch.stack([p, m])


def get_inputs():
    param = torch.randn(num_params)
    grad = torch.randn(num_params)
    exp_avg = 0.5 * torch.randn(num_params)
    hessian = torch.rand(num_params) * 0.02
    hessian[::7] = 0.0
    return [param, grad, exp_avg, hessian]


def get_init_inputs():
    return [0.05, 0.9, 0.04, 0.1, 240]
