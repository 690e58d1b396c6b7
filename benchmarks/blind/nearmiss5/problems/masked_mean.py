"""Mean of each row over the positions its 0/1 mask keeps (rows with an empty mask give 0)."""

import torch
import torch.nn as nn

batch_size = 20
dim = 777


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return (x * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1.0)


def get_inputs():
    x = torch.randn(batch_size, dim)
    mask = (torch.rand(batch_size, dim) < 0.4).float()
    mask[::5] = 0.0
    return [x, mask]


def get_init_inputs():
    return []
