"""Multi-level orthonormal Haar wavelet decomposition of each row: at every level the approximation
a = (even + odd) / sqrt(2) and detail d = (even - odd) / sqrt(2) are formed from the previous approximation.
Output layout (as wavedec): [a_J, d_J, d_{J-1}, ..., d_1] along the row."""

import torch
import torch.nn as nn

batch_size = 16
length = 512
levels = 4


class Model(nn.Module):
    def __init__(self, levels: int):
        super().__init__()
        self.levels = levels

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = 2.0 ** -0.5
        a = x
        details = []
        for _ in range(self.levels):
            even, odd = a[:, 0::2], a[:, 1::2]
            details.append((even - odd) * s)
            a = (even + odd) * s
        return torch.cat([a] + details[::-1], dim=1)


def get_inputs():
    t = torch.linspace(0, 1, length)
    smooth = torch.sin(2 * torch.pi * 3 * t) * (1.0 + torch.rand(batch_size, 1))
    return [smooth + 0.3 * torch.randn(batch_size, length)]


def get_init_inputs():
    return [levels]
