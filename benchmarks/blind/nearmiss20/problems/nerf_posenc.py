"""NeRF positional encoding (nerfstudio NeRFEncoding, include_input=True).

freqs = 2 ** linspace(min_freq, max_freq, num_freqs); s = 2 pi x[..., None] * freqs reshaped to
(N, in_dim * num_freqs) (frequency fastest); out = [sin(s), sin(s + pi / 2), x] along the last axis.
"""

import math

import torch
import torch.nn as nn

num_points = 500
in_dim = 3
num_freqs = 6
max_freq = 5


class Model(nn.Module):
    def __init__(self, num_freqs: int, min_freq: float, max_freq: float):
        super().__init__()
        self.num_freqs = num_freqs
        self.min_freq = min_freq
        self.max_freq = max_freq

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        freqs = 2 ** torch.linspace(self.min_freq, self.max_freq, self.num_freqs, device=x.device, dtype=x.dtype)
        s = (2 * math.pi * x)[..., None] * freqs
        s = s.reshape(*x.shape[:-1], -1)
        enc = torch.sin(torch.cat([s, s + math.pi / 2.0], dim=-1))
        return torch.cat([enc, x], dim=-1)


def get_inputs():
    return [torch.rand(num_points, in_dim) * 2.0 - 1.0]


def get_init_inputs():
    return [num_freqs, 0.0, float(max_freq)]
