"""Attention-score softmax: softmax(scores / sqrt(head_dim)) over the key axis."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 24
key_len = 200
head_dim = 64


class Model(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        return torch.softmax(scores * self.scale, dim=-1)


def get_inputs():
    # raw q.k^T scores grow like sqrt(head_dim)
    return [torch.randn(batch_size, seq_len, key_len) * head_dim**0.5]


def get_init_inputs():
    return [head_dim**-0.5]
