"""L-p norm (p = 3) of each row."""

import torch
import torch.nn as nn

batch_size = 6
dim = 3000
p = 3.0


class Model(nn.Module):
    def __init__(self, p: float):
        super().__init__()
        self.p = p

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.linalg.vector_norm(x, ord=self.p, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [p]
