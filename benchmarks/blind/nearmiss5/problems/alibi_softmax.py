"""Causal attention probabilities with ALiBi position bias (slope 2^(-8(h+1)/H) per head)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        _, h, s, _ = scores.shape
        slopes = torch.pow(2.0, -8.0 * torch.arange(1, h + 1, dtype=torch.float32, device=scores.device) / h)
        pos = torch.arange(s, device=scores.device)
        rel = (pos[None, :] - pos[:, None]).float()
        bias = slopes[:, None, None] * rel[None]
        causal = pos[None, :] > pos[:, None]
        logits = (scores + bias[None]).masked_fill(causal, float("-inf"))
        return torch.softmax(logits, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, seq_len)]


def get_init_inputs():
    return []
