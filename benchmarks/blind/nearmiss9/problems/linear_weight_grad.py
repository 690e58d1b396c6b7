"""Weight gradient of a linear layer: dW = dY^T @ X."""

import torch
import torch.nn as nn

num_rows = 200
in_features = 40
out_features = 24


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, dy: torch.Tensor) -> torch.Tensor:
        return dy.t() @ x


def get_inputs():
    return [torch.randn(num_rows, in_features), torch.randn(num_rows, out_features)]


def get_init_inputs():
    return []
