"""One LAMB step on a single parameter tensor (Adam direction, layer-wise trust ratio)."""

import torch
import torch.nn as nn

rows = 96
cols = 191
step = 3


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 0.05, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: float = 0.2):
        super().__init__()
        self.step = step
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.eps, self.weight_decay = eps, weight_decay

    def forward(self, p, g, m, v):
        m = self.beta1 * m + (1.0 - self.beta1) * g
        v = self.beta2 * v + (1.0 - self.beta2) * g * g
        mh = m / (1.0 - self.beta1 ** self.step)
        vh = v / (1.0 - self.beta2 ** self.step)
        u = mh / (vh.sqrt() + self.eps) + self.weight_decay * p
        wn = p.norm()
        un = u.norm()
        ratio = torch.where((wn > 0) & (un > 0), wn / un, torch.ones_like(wn))
        return p - self.lr * ratio * u


def get_inputs():
    p = torch.randn(rows, cols)
    g = torch.randn(rows, cols)
    m = torch.randn(rows, cols) * 0.1
    v = torch.rand(rows, cols) * 0.01
    return [p, g, m, v]


def get_init_inputs():
    return [step]
