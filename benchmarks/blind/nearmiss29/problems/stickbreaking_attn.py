"""Stick-breaking attention weights from causal attention logits (the most recent key breaks the stick first)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
num_heads = 3
seq_len = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        T = z.shape[-1]
        causal = torch.ones(T, T, dtype=torch.bool, device=z.device).tril()
        sp = F.softplus(z).masked_fill(~causal, 0.0)
        after = sp.flip(-1).cumsum(-1).flip(-1) - sp
        logw = F.logsigmoid(z) - after
        return torch.exp(logw).masked_fill(~causal, 0.0)


def get_inputs():
    return [torch.randn(batch_size, num_heads, seq_len, seq_len) * 1.5 - 1.0]


def get_init_inputs():
    return []
