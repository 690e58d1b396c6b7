"""One step of the Lion optimiser (sign update, decoupled weight decay); returns the updated
parameters and momentum stacked."""

import torch
import torch.nn as nn

numel = 20001


class Model(nn.Module):
    def __init__(self, lr: float = 3e-3, beta1: float = 0.9, beta2: float = 0.99, weight_decay: float = 0.1):
        super().__init__()
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.weight_decay = weight_decay

    def forward(self, param: torch.Tensor, grad: torch.Tensor, exp_avg: torch.Tensor) -> torch.Tensor:
        c = exp_avg * self.beta1 + grad * (1.0 - self.beta1)
        new_param = param * (1.0 - self.lr * self.weight_decay) - self.lr * torch.sign(c)
        new_avg = exp_avg * self.beta2 + grad * (1.0 - self.beta2)
        return torch.stack([new_param, new_avg])


def get_inputs():
    return [torch.randn(numel), torch.randn(numel), torch.randn(numel)]


def get_init_inputs():
    return []
