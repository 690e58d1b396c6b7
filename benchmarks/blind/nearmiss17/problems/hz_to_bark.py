"""Hz -> Bark conversion, Traunmueller formula with its low- and high-frequency corrections."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_freqs = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, freqs: torch.Tensor) -> torch.Tensor:
        barks = 26.81 * freqs / (1960.0 + freqs) - 0.53
        barks = torch.where(barks < 2, barks + 0.15 * (2 - barks), barks)
        barks = torch.where(barks > 20.1, barks + 0.22 * (barks - 20.1), barks)
        return barks


def get_inputs():
    lo, hi = math.log(20.0), math.log(20000.0)
    return [torch.exp(torch.rand(batch_size, num_freqs) * (hi - lo) + lo)]


def get_init_inputs():
    return []
