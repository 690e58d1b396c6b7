"""One-layer LSTM over a sequence (KernelBench level-3 style): returns [h_T, c_T] side by side."""

import torch
import torch.nn as nn

batch_size = 5
seq_len = 6
input_size = 24
hidden_size = 20


class Model(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers=1, batch_first=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        _, (h, c) = self.lstm(x)
        return torch.cat([h[0], c[0]], dim=1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden_size]
