"""Complex multiply of two tensors stored as trailing (real, imag) pairs."""

import torch
import torch.nn as nn

batch_size = 16
length = 700


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.view_as_real(torch.view_as_complex(a) * torch.view_as_complex(b))


def get_inputs():
    return [torch.randn(batch_size, length, 2), torch.randn(batch_size, length, 2)]


def get_init_inputs():
    return []
