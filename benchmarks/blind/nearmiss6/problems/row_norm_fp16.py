"""Euclidean norm of each row of an fp16 matrix, computed in fp32 and returned in fp16."""

import torch
import torch.nn as nn

batch_size = 8
dim = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.float().pow(2).sum(dim=1).sqrt().to(x.dtype)


def get_inputs():
    return [torch.randn(batch_size, dim).half()]


def get_init_inputs():
    return []
