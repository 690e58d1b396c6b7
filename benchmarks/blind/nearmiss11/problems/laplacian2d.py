"""Five-point discrete Laplacian of a batch of 2-D fields with zero boundary."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 37
width = 53


class Model(nn.Module):
    """conv2d with [[0, 1, 0], [1, -4, 1], [0, 1, 0]], padding 1."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        k = torch.tensor([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]], dtype=x.dtype, device=x.device)
        return F.conv2d(x[:, None], k[None, None], padding=1)[:, 0]


def get_inputs():
    return [torch.randn(batch_size, height, width)]


def get_init_inputs():
    return []
