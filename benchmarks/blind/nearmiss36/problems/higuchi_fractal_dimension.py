"""Higuchi fractal dimension of each row (antropy-style: curve lengths for k = 1..kmax, least-squares slope)."""

import math

import torch
import torch.nn as nn

batch_size = 5
length = 400
kmax = 8


class Model(nn.Module):
    def __init__(self, kmax: int):
        super().__init__()
        self.kmax = kmax

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        logs = []
        for k in range(1, self.kmax + 1):
            lm = []
            for m in range(k):
                idx = torch.arange(m, n, k, device=x.device)
                seg = x[:, idx]
                n_m = idx.numel() - 1
                dist = (seg[:, 1:] - seg[:, :-1]).abs().sum(dim=1)
                lm.append(dist * (n - 1) / (n_m * k) / k)
            logs.append(torch.log(torch.stack(lm, dim=1).mean(dim=1)))
        ly = torch.stack(logs, dim=1)
        lx = torch.tensor([math.log(1.0 / k) for k in range(1, self.kmax + 1)], device=x.device, dtype=x.dtype)
        lxc = lx - lx.mean()
        lyc = ly - ly.mean(dim=1, keepdim=True)
        return (lyc * lxc).sum(dim=1) / (lxc * lxc).sum()


def get_inputs():
    walk = torch.cumsum(torch.randn(batch_size, length), dim=1)
    mix = torch.linspace(0.05, 2.0, batch_size).unsqueeze(1)
    return [0.2 * walk + mix * torch.randn(batch_size, length)]


def get_init_inputs():
    return [kmax]
