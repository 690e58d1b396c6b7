"""GeGLU: the input's last dimension holds [a | b]; the output is gelu(a) * b (exact GELU)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
hidden = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = x.chunk(2, dim=-1)
        return F.gelu(a) * b


def get_inputs():
    return [torch.randn(batch_size, 2 * hidden)]


def get_init_inputs():
    return []
