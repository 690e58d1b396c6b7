"""adaLN modulation (DiT): x * (1 + scale) + shift with per-sample scale and shift."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 33
hidden = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, shift: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return x * (1 + scale.unsqueeze(1)) + shift.unsqueeze(1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden), torch.randn(batch_size, hidden),
            torch.randn(batch_size, hidden)]


def get_init_inputs():
    return []
