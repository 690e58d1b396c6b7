"""Population count (number of set bits) of every 32-bit word of an int32 tensor, negative words
included (two's complement)."""

import torch
import torch.nn as nn

batch_size = 8
num_words = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, words: torch.Tensor) -> torch.Tensor:
        u = words.to(torch.int64) & 0xFFFFFFFF
        count = torch.zeros_like(u)
        for i in range(32):
            count += (u >> i) & 1
        return count.to(torch.int32)


def get_inputs():
    return [torch.randint(-2 ** 31, 2 ** 31 - 1, (batch_size, num_words), dtype=torch.int32)]


def get_init_inputs():
    return []
