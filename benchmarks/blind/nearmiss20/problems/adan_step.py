"""One Adan optimizer step (Xie et al.; sail-sg/Adan single-tensor path, no_prox=False).

Returns torch.stack([param, exp_avg, exp_avg_diff, exp_avg_sq]) after the step.
"""

import math

import torch
import torch.nn as nn

num_params = 4096
step = 5


class Model(nn.Module):
    def __init__(self, step: int = 1, lr: float = 0.05, betas=(0.98, 0.92, 0.99), eps: float = 1e-8,
                 weight_decay: float = 0.02):
        super().__init__()
        self.step, self.lr, self.betas, self.eps, self.wd = step, lr, betas, eps, weight_decay

    def forward(self, param, grad, pre_grad, exp_avg, exp_avg_diff, exp_avg_sq):
        b1, b2, b3 = self.betas
        bc1 = 1.0 - b1 ** self.step
        bc2 = 1.0 - b2 ** self.step
        bc3_sqrt = math.sqrt(1.0 - b3 ** self.step)
        diff = grad - pre_grad
        m = exp_avg * b1 + grad * (1 - b1)
        d = exp_avg_diff * b2 + diff * (1 - b2)
        upd = grad + b2 * diff
        n = exp_avg_sq * b3 + upd * upd * (1 - b3)
        denom = n.sqrt() / bc3_sqrt + self.eps
        update = (m / bc1 + b2 * d / bc2) / denom
        p = (param - self.lr * update) / (1.0 + self.lr * self.wd)
        return torch.stack([p, m, d, n])


def get_inputs():
    param = torch.randn(num_params) * 0.1
    grad = torch.randn(num_params)
    pre_grad = torch.randn(num_params)
    exp_avg = torch.randn(num_params) * 0.1
    exp_avg_diff = torch.randn(num_params) * 0.1
    exp_avg_sq = torch.rand(num_params) * 0.5
    return [param, grad, pre_grad, exp_avg, exp_avg_diff, exp_avg_sq]


def get_init_inputs():
    return [step]
