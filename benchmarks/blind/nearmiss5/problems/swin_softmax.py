"""Sliding-window causal softmax: row i attends to columns j with i - window < j <= i."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 3
seq_len = 64


class Model(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        s = scores.shape[-1]
        i = torch.arange(s, device=scores.device)[:, None]
        j = torch.arange(s, device=scores.device)[None, :]
        keep = (j <= i) & (j > i - self.window)
        return torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, seq_len)]


def get_init_inputs():
    return [16]
