"""Attention probabilities with a learnable per-head sink logit in the normaliser (sink column dropped)."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
q_len = 40
k_len = 77


class Model(nn.Module):
    def __init__(self, num_heads):
        super().__init__()
        self.sinks = nn.Parameter(torch.randn(num_heads))

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        b, h, q, _ = scores.shape
        s = self.sinks.view(1, -1, 1, 1).expand(b, h, q, 1)
        comb = torch.cat([scores, s], dim=-1)
        return torch.softmax(comb, dim=-1)[..., :-1]


def get_inputs():
    return [torch.randn(batch_size, num_heads, q_len, k_len) * 1.5]


def get_init_inputs():
    return [num_heads]
