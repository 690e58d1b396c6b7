"""timm-style model EMA update with warmup: decay = clamp(1 - (1 + step / gamma) ** -power,
min_decay, decay); ema <- decay * ema + (1 - decay) * param."""

import torch
import torch.nn as nn

num_params = 5000
step = 40


class Model(nn.Module):
    def __init__(self, step, decay=0.9998, min_decay=0.0, gamma=1.0, power=0.75):
        super().__init__()
        self.step, self.decay, self.min_decay, self.gamma, self.power = step, decay, min_decay, gamma, power

    def forward(self, ema, param):
        d = 1.0 - (1.0 + self.step / self.gamma) ** -self.power
        d = max(min(d, self.decay), self.min_decay)
        return d * ema + (1.0 - d) * param


def get_inputs():
    return [torch.randn(num_params), torch.randn(num_params)]


def get_init_inputs():
    return [step]
