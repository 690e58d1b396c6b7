"""First-order linear recurrence h_t = a_t * h_{t-1} + x_t over the time axis (h_{-1} = 0)."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 64
channels = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        h = torch.zeros_like(x[:, 0])
        outs = []
        for t in range(x.shape[1]):
            h = a[:, t] * h + x[:, t]
            outs.append(h)
        return torch.stack(outs, dim=1)


def get_inputs():
    a = torch.rand(batch_size, seq_len, channels) * 0.5 + 0.45
    return [a, torch.randn(batch_size, seq_len, channels)]


def get_init_inputs():
    return []
