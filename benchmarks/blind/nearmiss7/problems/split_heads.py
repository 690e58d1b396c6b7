"""Split the hidden dimension into heads: (B, S, H*D) -> (B, H, S, D), contiguous."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 50
num_heads = 6
head_dim = 40


class Model(nn.Module):
    def __init__(self, num_heads: int):
        super().__init__()
        self.num_heads = num_heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, hd = x.shape
        return x.view(b, s, self.num_heads, hd // self.num_heads).permute(0, 2, 1, 3).contiguous()


def get_inputs():
    return [torch.randn(batch_size, seq_len, num_heads * head_dim)]


def get_init_inputs():
    return [num_heads]
