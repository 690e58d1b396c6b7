"""CIC (cascaded integrator-comb) decimator on integer sample streams: num_stages running-sum integrators,
keep every decimation-th sample (the last of each block), then num_stages first-difference combs (differential
delay 1). Integer arithmetic throughout (int64 accumulators)."""

import torch
import torch.nn as nn

batch_size = 48
length = 203
num_stages = 3
decimation = 5


class Model(nn.Module):
    def __init__(self, num_stages: int, decimation: int):
        super().__init__()
        self.num_stages = num_stages
        self.decimation = decimation

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.to(torch.int64)
        for _ in range(self.num_stages):
            y = torch.cumsum(y, dim=1)
        y = y[:, self.decimation - 1::self.decimation]
        for _ in range(self.num_stages):
            prev = torch.zeros_like(y)
            prev[:, 1:] = y[:, :-1]
            y = y - prev
        return y


def get_inputs():
    return [torch.randint(-128, 128, (batch_size, length), dtype=torch.int32)]


def get_init_inputs():
    return [num_stages, decimation]
