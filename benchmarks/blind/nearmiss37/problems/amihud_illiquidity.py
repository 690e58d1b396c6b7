"""Rolling Amihud illiquidity: the mean of |r_t| / (p_t v_t) over the last `window` returns, times 1e6; 0 before the first full window."""

import torch
import torch.nn as nn

batch_size = 8
length = 600
window = 21


class Model(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, price: torch.Tensor, volume: torch.Tensor) -> torch.Tensor:
        ret = price[:, 1:] / price[:, :-1] - 1.0
        ill = ret.abs() / (price[:, 1:] * volume[:, 1:])
        roll = ill.unfold(1, self.window, 1).sum(-1) * (1e6 / self.window)
        out = torch.zeros(price.shape, device=price.device, dtype=price.dtype)
        out[:, self.window:] = roll
        return out


def get_inputs():
    price = 20.0 * torch.exp(torch.cumsum(0.02 * torch.randn(batch_size, length), dim=1))
    volume = 1e4 * (0.2 + torch.rand(batch_size, length))
    return [price, volume]


def get_init_inputs():
    return [window]
