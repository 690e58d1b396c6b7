"""A reference that doubles its input in place and returns it (an in-place op, as some
KernelBench problems have): kagent must judge candidates against the pristine inputs."""

import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.mul_(2.0)


def get_inputs():
    return [torch.randn(64, 33)]


def get_init_inputs():
    return []
