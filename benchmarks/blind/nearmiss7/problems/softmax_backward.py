"""Backward of a row softmax: grad_in = y * (grad_out - sum(grad_out * y)), given y = softmax(x)."""

import torch
import torch.nn as nn

batch_size = 32
dim = 513


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        return y * (grad_out - (grad_out * y).sum(dim=-1, keepdim=True))


def get_inputs():
    y = torch.softmax(torch.randn(batch_size, dim) * 2, dim=-1)
    return [y, torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
