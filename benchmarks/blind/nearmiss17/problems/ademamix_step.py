"""One AdEMAMix optimizer step (fast and slow gradient EMAs, bias-corrected second moment, decoupled weight decay); returns the new parameters."""

import torch
import torch.nn as nn

num_params = 4096
step = 10


class Model(nn.Module):
    def __init__(self, step: int, lr: float, beta1: float, beta2: float, beta3: float, alpha: float, eps: float, weight_decay: float):
        super().__init__()
        self.step = step
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.beta3 = beta3
        self.alpha = alpha
        self.eps = eps
        self.weight_decay = weight_decay

    def forward(self, param, grad, m1, m2, nu):
        m1 = self.beta1 * m1 + (1 - self.beta1) * grad
        m2 = self.beta3 * m2 + (1 - self.beta3) * grad
        nu = self.beta2 * nu + (1 - self.beta2) * grad * grad
        bc1 = 1 - self.beta1 ** self.step
        bc2 = 1 - self.beta2 ** self.step
        update = (m1 / bc1 + self.alpha * m2) / (torch.sqrt(nu / bc2) + self.eps)
        return param - self.lr * (update + self.weight_decay * param)


def get_inputs():
    param = torch.randn(num_params)
    grad = torch.randn(num_params)
    m1 = torch.randn(num_params) * 0.1
    m2 = torch.randn(num_params) * 0.1
    nu = torch.rand(num_params) * 0.01
    return [param, grad, m1, m2, nu]


def get_init_inputs():
    return [step, 0.05, 0.9, 0.999, 0.9999, 5.0, 1e-8, 0.01]
