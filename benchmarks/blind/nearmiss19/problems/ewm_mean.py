"""Exponentially weighted moving mean along time (pandas `ewm(span=s, adjust=True).mean()`):
y_t = sum_i (1 - a)^i x_(t-i) / sum_i (1 - a)^i with a = 2 / (span + 1)."""

import torch
import torch.nn as nn

batch_size = 6
length = 300
span = 20


class Model(nn.Module):
    def __init__(self, span: int):
        super().__init__()
        self.span = span

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        r = 1.0 - 2.0 / (self.span + 1)
        num = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        den = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        out = torch.empty_like(x)
        for t in range(x.shape[1]):
            num = x[:, t] + r * num
            den = 1.0 + r * den
            out[:, t] = num / den
        return out


def get_inputs():
    trend = torch.cumsum(0.2 * torch.randn(batch_size, length), dim=1)
    return [trend + torch.randn(batch_size, length)]


def get_init_inputs():
    return [span]
