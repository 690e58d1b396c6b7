"""On-balance volume (TA-Lib OBV): starts at the first volume, then adds the volume on an up close, subtracts
it on a down close and keeps the running value on an unchanged close."""

import torch
import torch.nn as nn

batch_size = 6
length = 700


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, close: torch.Tensor, volume: torch.Tensor) -> torch.Tensor:
        d = close[:, 1:] - close[:, :-1]
        inc = torch.sign(d) * volume[:, 1:]
        first = volume[:, :1]
        return torch.cat([first, first + torch.cumsum(inc, dim=1)], dim=1)


def get_inputs():
    close = 50.0 + torch.cumsum(0.7 * torch.randn(batch_size, length), dim=1)
    volume = 1.0 + 9.0 * torch.rand(batch_size, length)
    return [close, volume]


def get_init_inputs():
    return []
