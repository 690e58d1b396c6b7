"""Soft dynamic time warping (Cuturi & Blondel 2017; as in pytorch-softdtw) between two batches of
sequences with a squared-Euclidean cost: R[i, j] = D[i-1, j-1] + softmin_gamma(R[i-1, j-1], R[i-1, j],
R[i, j-1]), R[0, 0] = 0, other borders +inf; returns R[N, M] per batch element."""

import torch
import torch.nn as nn

batch_size = 3
len_x = 24
len_y = 20
features = 8
gamma = 0.5


class Model(nn.Module):
    def __init__(self, gamma: float = 1.0):
        super().__init__()
        self.gamma = gamma

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        D = ((x.unsqueeze(2) - y.unsqueeze(1)) ** 2).sum(-1)
        B, N, M = D.shape
        R = torch.full((B, N + 1, M + 1), float("inf"), dtype=x.dtype, device=x.device)
        R[:, 0, 0] = 0.0
        g = self.gamma
        for d in range(2, N + M + 1):
            i = torch.arange(max(1, d - M), min(N, d - 1) + 1, device=x.device)
            j = d - i
            r = torch.stack([R[:, i - 1, j - 1], R[:, i - 1, j], R[:, i, j - 1]], dim=0)
            z = -r / g
            zmax = z.max(dim=0).values
            softmin = -g * (torch.log(torch.exp(z - zmax).sum(0)) + zmax)
            R[:, i, j] = D[:, i - 1, j - 1] + softmin
        return R[:, N, M]


def get_inputs():
    x = torch.randn(batch_size, len_x, features) * 0.3
    y = torch.randn(batch_size, len_y, features) * 0.3
    return [x, y]


def get_init_inputs():
    return [gamma]
