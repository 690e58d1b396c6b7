"""Levene's test statistic (mean-centred) for equal variances over k groups of unequal sizes."""

import torch
import torch.nn as nn

batch_size = 128
num_groups = 5
max_group = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y: torch.Tensor, sizes: torch.Tensor) -> torch.Tensor:
        k = y.shape[1]
        pos = torch.arange(y.shape[2], device=y.device)[None, None, :]
        valid = pos < sizes[:, :, None]
        nf = sizes.float()
        ybar = torch.where(valid, y, torch.zeros_like(y)).sum(dim=2) / nf
        z = torch.where(valid, torch.abs(y - ybar[:, :, None]), torch.zeros_like(y))
        zbar_i = z.sum(dim=2) / nf
        total = nf.sum(dim=1)
        zbar = (nf * zbar_i).sum(dim=1) / total
        between = (nf * (zbar_i - zbar[:, None]) ** 2).sum(dim=1)
        within = torch.where(valid, (z - zbar_i[:, :, None]) ** 2, torch.zeros_like(y)).sum(dim=(1, 2))
        return (total - k) / (k - 1) * between / within


def get_inputs():
    scale = 0.5 + 2.0 * torch.rand(batch_size, num_groups, 1)
    y = 3.0 + scale * torch.randn(batch_size, num_groups, max_group)
    sizes = torch.randint(5, max_group + 1, (batch_size, num_groups))
    return [y, sizes]


def get_init_inputs():
    return []
