"""Triangle wavefolder: the gained and biased signal is folded back into [-1, 1] (period 4), then mixed with the
dry signal."""

import torch
import torch.nn as nn

batch_size = 16
num_samples = 1000


class Model(nn.Module):
    def __init__(self, gain: float = 3.0, bias: float = 0.2, mix: float = 0.8):
        super().__init__()
        self.gain = gain
        self.bias = bias
        self.mix = mix

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        u = x * self.gain + self.bias
        folded = 1.0 - torch.abs(torch.remainder(u + 1.0, 4.0) - 2.0)
        return self.mix * folded + (1.0 - self.mix) * x


def get_inputs():
    return [torch.randn(batch_size, num_samples) * 0.8]


def get_init_inputs():
    return []
