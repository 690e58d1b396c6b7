"""One AdamW step with amsgrad (torch.optim.AdamW(amsgrad=True) semantics) at a given step count on a
flat parameter. Returns (param, exp_avg, exp_avg_sq, max_exp_avg_sq) stacked as (4, numel)."""

import torch
import torch.nn as nn

num_params = 2029
step = 5


class Model(nn.Module):
    def __init__(self, step: int, lr: float, beta1: float, beta2: float, eps: float, weight_decay: float):
        super().__init__()
        self.step = step
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.weight_decay = weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq):
        p = param * (1.0 - self.lr * self.weight_decay)
        m = self.beta1 * exp_avg + (1.0 - self.beta1) * grad
        v = self.beta2 * exp_avg_sq + (1.0 - self.beta2) * grad * grad
        vmax = torch.maximum(max_exp_avg_sq, v)
        bc1 = 1.0 - self.beta1 ** self.step
        bc2 = 1.0 - self.beta2 ** self.step
        denom = vmax.sqrt() / bc2 ** 0.5 + self.eps
        p = p - self.lr / bc1 * m / denom
        return torch.stack([p, m, v, vmax])


def get_inputs():
    param = torch.randn(num_params)
    grad = 2.0 * torch.randn(num_params)
    exp_avg = 0.3 * torch.randn(num_params)
    exp_avg_sq = 0.2 * torch.rand(num_params)
    max_exp_avg_sq = exp_avg_sq * (torch.rand(num_params) + 0.6)
    return [param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq]


def get_init_inputs():
    return [step, 1e-2, 0.9, 0.99, 1e-8, 0.05]
