"""Two-sample Kolmogorov-Smirnov statistic per batch row: D = max over the pooled sample points t of
|F_a(t) - F_b(t)|, with the empirical CDFs F(t) = #{samples <= t} / n."""

import torch
import torch.nn as nn

batch_size = 16
n_a = 120
n_b = 90


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        pooled = torch.cat([a, b], dim=1)
        fa = (a[:, None, :] <= pooled[:, :, None]).float().sum(dim=-1) / a.shape[1]
        fb = (b[:, None, :] <= pooled[:, :, None]).float().sum(dim=-1) / b.shape[1]
        return (fa - fb).abs().amax(dim=1)


def get_inputs():
    shift = torch.linspace(-0.6, 0.6, batch_size)[:, None]
    a = torch.randn(batch_size, n_a)
    b = shift + (0.8 + 0.4 * torch.rand(batch_size, 1)) * torch.randn(batch_size, n_b)
    return [a, b]


def get_init_inputs():
    return []
