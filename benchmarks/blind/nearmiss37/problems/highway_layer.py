"""Highway layer (Srivastava et al. 2015): y = T(x) * relu(x Wh + bh) + (1 - T(x)) * x, T = sigmoid(x Wt + bt)."""

import torch
import torch.nn as nn

num_rows = 200
dim = 48


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.wh = nn.Parameter(torch.randn(dim, dim) * 0.2)
        self.bh = nn.Parameter(torch.randn(dim) * 0.1)
        self.wt = nn.Parameter(torch.randn(dim, dim) * 0.2)
        self.bt = nn.Parameter(torch.randn(dim) * 0.5 - 1.0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(x @ self.wh + self.bh)
        t = torch.sigmoid(x @ self.wt + self.bt)
        return t * h + (1.0 - t) * x


def get_inputs():
    return [torch.randn(num_rows, dim)]


def get_init_inputs():
    return [dim]
