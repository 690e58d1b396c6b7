"""Sample entropy (Richman and Moorman 2000) of each series with template length m = 2 and tolerance r = 0.2
times the series' population standard deviation: -log(A / B), where B and A count the pairs of distinct
templates (of the first n - m starts) within r in the Chebyshev distance at lengths m and m + 1."""

import torch
import torch.nn as nn

num_series = 16
length = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = 2

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        m = self.m
        r = 0.2 * x.std(dim=1, unbiased=False)
        nt = n - m
        tm = x.unfold(1, m, 1)[:, :nt]
        tm1 = x.unfold(1, m + 1, 1)[:, :nt]
        dm = (tm[:, :, None, :] - tm[:, None, :, :]).abs().amax(dim=-1)
        dm1 = (tm1[:, :, None, :] - tm1[:, None, :, :]).abs().amax(dim=-1)
        upper = torch.ones(nt, nt, dtype=torch.bool, device=x.device).triu(diagonal=1)
        b = ((dm <= r[:, None, None]) & upper).sum(dim=(1, 2)).to(x.dtype)
        a = ((dm1 <= r[:, None, None]) & upper).sum(dim=(1, 2)).to(x.dtype)
        return -torch.log(a / b)


def get_inputs():
    t = torch.arange(length, dtype=torch.float32)
    noise = torch.linspace(0.1, 1.0, num_series)[:, None]
    return [torch.sin(0.3 * t)[None, :] + noise * torch.randn(num_series, length)]


def get_init_inputs():
    return []
