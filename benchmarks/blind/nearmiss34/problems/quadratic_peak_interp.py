"""Spectral peak of each row by quadratic interpolation of the log magnitude around its first maximum.

Returns (arg-max bin, interpolated bin, interpolated log peak) per row.
"""

import torch
import torch.nn as nn

batch_size = 24
num_bins = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mag: torch.Tensor) -> torch.Tensor:
        n = mag.shape[1]
        y = torch.log(mag)
        k = torch.argmax(y, dim=1, keepdim=True)
        a = torch.gather(y, 1, (k - 1).clamp(min=0))
        b = torch.gather(y, 1, k)
        c = torch.gather(y, 1, (k + 1).clamp(max=n - 1))
        den = a - 2.0 * b + c
        ok = (k > 0) & (k < n - 1) & (den != 0)
        p = torch.where(ok, 0.5 * (a - c) / torch.where(ok, den, torch.ones_like(den)), torch.zeros_like(den))
        kf = k.to(mag.dtype)
        peak = b - 0.25 * (a - c) * p
        return torch.cat([kf, kf + p, peak], dim=1)


def get_inputs():
    bins = torch.arange(num_bins, dtype=torch.float32)
    center = torch.rand(batch_size, 1) * (num_bins - 1)
    center[0, 0] = 0.0
    center[1, 0] = num_bins - 1.0
    width = 1.0 + 3.0 * torch.rand(batch_size, 1)
    width[:2, 0] = 1.0
    height = 10.0 + 30.0 * torch.rand(batch_size, 1)
    floor = 1.0 + 2.0 * torch.rand(batch_size, num_bins)
    return [floor + height * torch.exp(-0.5 * ((bins - center) / width) ** 2)]


def get_init_inputs():
    return []
