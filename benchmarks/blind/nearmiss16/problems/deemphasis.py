"""De-emphasis filter y[t] = x[t] + coeff * y[t - 1] (inverse of pre-emphasis), no output clamping."""

import torch
import torch.nn as nn

batch_size = 16
num_samples = 400


class Model(nn.Module):
    def __init__(self, coeff=0.97):
        super().__init__()
        self.coeff = coeff

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        prev = torch.zeros_like(x[:, 0])
        for t in range(x.shape[1]):
            prev = x[:, t] + self.coeff * prev
            out[:, t] = prev
        return out


def get_inputs():
    return [torch.randn(batch_size, num_samples) * 0.1]


def get_init_inputs():
    return [0.97]
