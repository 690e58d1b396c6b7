"""One NovoGrad step with gradient averaging; each row of the parameter matrix is one layer.

Returns the new parameters, first moments (both flattened) and per-layer second moments, concatenated."""

import torch
import torch.nn as nn

num_layers = 4
layer_size = 1000


class Model(nn.Module):
    def __init__(self, lr=0.01, beta1=0.9, beta2=0.98, eps=1e-8, weight_decay=0.1):
        super().__init__()
        self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = lr, beta1, beta2, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        g2 = (grad * grad).sum(dim=1)
        v = self.beta2 * exp_avg_sq + (1.0 - self.beta2) * g2
        upd = grad / (torch.sqrt(v)[:, None] + self.eps) + self.weight_decay * param
        m = self.beta1 * exp_avg + (1.0 - self.beta1) * upd
        p = param - self.lr * m
        return torch.cat([p.reshape(-1), m.reshape(-1), v])


def get_inputs():
    param = torch.randn(num_layers, layer_size)
    grad = torch.randn(num_layers, layer_size) * torch.tensor([0.5, 1.0, 2.0, 4.0]).repeat(num_layers)[:num_layers, None]
    exp_avg = torch.randn(num_layers, layer_size) * 0.1
    exp_avg_sq = torch.rand(num_layers) * 2000.0 + 100.0
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return []
