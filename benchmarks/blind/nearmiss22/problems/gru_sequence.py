"""Single-layer GRU over a sequence (KernelBench level 3 GRU style, seq-first), returning the output sequence:
r = sigmoid(W_ir x + b_ir + W_hr h + b_hr), z = sigmoid(W_iz x + b_iz + W_hz h + b_hz),
n = tanh(W_in x + b_in + r * (W_hn h + b_hn)), h' = (1 - z) * n + z * h (PyTorch nn.GRU)."""

import torch
import torch.nn as nn

seq_len = 10
batch_size = 4
input_size = 24
hidden_size = 32


class Model(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers=1, bias=True, batch_first=False)

    def forward(self, x, h0):
        output, _ = self.gru(x, h0)
        return output


def get_inputs():
    return [torch.randn(seq_len, batch_size, input_size), torch.randn(1, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]
