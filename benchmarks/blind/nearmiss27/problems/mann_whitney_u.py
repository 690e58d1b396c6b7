"""Mann-Whitney U statistic and its tie-corrected normal z-score for many two-sample comparisons of ordinal scores."""

import torch
import torch.nn as nn

num_tests = 64
n_first = 20
n_second = 27


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        # x: (B, n1), y: (B, n2) ordinal scores 1-7 (float, many ties). Returns (B, 2) = [U of x, z].
        n1 = x.shape[1]
        n2 = y.shape[1]
        gt = (x[:, :, None] > y[:, None, :]).float().sum((1, 2))
        eq = (x[:, :, None] == y[:, None, :]).float().sum((1, 2))
        u = gt + 0.5 * eq
        allv = torch.cat([x, y], dim=1)
        n = n1 + n2
        ties = torch.zeros_like(u)
        for v in range(1, 8):
            t = (allv == v).float().sum(1)
            ties = ties + t ** 3 - t
        mu = n1 * n2 / 2.0
        var = n1 * n2 / 12.0 * ((n + 1) - ties / (n * (n - 1)))
        z = (u - mu) / torch.sqrt(var)
        return torch.stack([u, z], dim=1)


def get_inputs():
    # Likert scores 1-7; the second group is shifted up a little
    x = (4.0 + 1.4 * torch.randn(num_tests, n_first)).round().clamp(1, 7)
    y = (4.4 + 1.4 * torch.randn(num_tests, n_second)).round().clamp(1, 7)
    return [x, y]


def get_init_inputs():
    return []
