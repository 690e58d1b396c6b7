"""Energy score of a multivariate ensemble forecast against an observation (Gneiting and Raftery 2007)."""

import torch
import torch.nn as nn

batch_size = 6
num_members = 20
dim = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ens: torch.Tensor, obs: torch.Tensor) -> torch.Tensor:
        skill = torch.sqrt(torch.sum((ens - obs[:, None, :]) ** 2, dim=-1)).mean(dim=1)
        pair = torch.sqrt(torch.sum((ens[:, :, None, :] - ens[:, None, :, :]) ** 2, dim=-1))
        spread = pair.mean(dim=(1, 2))
        return skill - 0.5 * spread


def get_inputs():
    center = torch.randn(batch_size, 1, dim)
    ens = center + 0.8 * torch.randn(batch_size, num_members, dim)
    obs = center[:, 0, :] + torch.randn(batch_size, dim)
    return [ens, obs]


def get_init_inputs():
    return []
