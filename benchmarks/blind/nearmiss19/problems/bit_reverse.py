"""Bit reversal of 32-bit words (bit i moves to bit 31 - i), with int32 bit patterns in and out."""

import torch
import torch.nn as nn

batch_size = 4
num_words = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        v = x.to(torch.int64) & 0xFFFFFFFF
        shifts = torch.arange(32, device=x.device)
        bits = (v[..., None] >> shifts) & 1
        r = (bits << (31 - shifts)).sum(dim=-1)
        return ((r ^ 0x80000000) - 0x80000000).to(torch.int32)


def get_inputs():
    return [torch.randint(-2 ** 31, 2 ** 31, (batch_size, num_words), dtype=torch.int64).to(torch.int32)]


def get_init_inputs():
    return []
