"""Inverse square root unit x / sqrt(1 + alpha * x^2) on an fp16 tensor (computed in fp32)."""

import torch
import torch.nn as nn

batch_size = 40
dim = 333
alpha = 2


class Model(nn.Module):
    def __init__(self, alpha: int):
        super().__init__()
        self.alpha = float(alpha)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float()
        return (xf * torch.rsqrt(1.0 + self.alpha * xf * xf)).to(x.dtype)


def get_inputs():
    return [torch.randn(batch_size, dim).half()]


def get_init_inputs():
    return [alpha]
