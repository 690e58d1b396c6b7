"""Karplus-Strong plucked-string synthesis: the noise burst fills the first period, every later sample is the
decayed average of the samples one period and one period plus one back."""

import torch
import torch.nn as nn

num_strings = 6
period = 50
num_samples = 420


class Model(nn.Module):
    def __init__(self, num_samples: int, decay: float = 0.996):
        super().__init__()
        self.num_samples = num_samples
        self.decay = decay

    def forward(self, burst):
        B, P = burst.shape
        T = self.num_samples
        cols = [burst[:, n] for n in range(P)]
        for n in range(P, T):
            back = cols[n - P - 1] if n - P - 1 >= 0 else torch.zeros_like(cols[0])
            cols.append(self.decay * 0.5 * (cols[n - P] + back))
        return torch.stack(cols, 1)


def get_inputs():
    return [torch.rand(num_strings, period) * 2.0 - 1.0]


def get_init_inputs():
    return [num_samples]
