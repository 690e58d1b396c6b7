import math
import torch
import torch.nn as nn

batch_size = 2
num_heads = 2
seq_len = 32
head_dim = 16


class Model(nn.Module):
    """Causal scaled dot-product attention on (B, H, S, D) tensors."""

    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        s = q.shape[-2]
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        mask = torch.ones(s, s, dtype=torch.bool, device=q.device).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    shape = (batch_size, num_heads, seq_len, head_dim)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return []
