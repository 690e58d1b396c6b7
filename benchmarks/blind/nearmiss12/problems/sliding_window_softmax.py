"""Causal sliding-window attention probabilities (each query sees the last `window` keys, itself included)."""

import torch
import torch.nn as nn

batch_size = 1
num_heads = 3
seq_len = 100
window = 37


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        s = scores.shape[-1]
        i = torch.arange(s, device=scores.device)[:, None]
        j = torch.arange(s, device=scores.device)[None, :]
        allowed = (j <= i) & (i - j < self.window)
        return torch.softmax(scores.masked_fill(~allowed, float("-inf")), dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, seq_len) * 2.0]


def get_init_inputs():
    return [window]
