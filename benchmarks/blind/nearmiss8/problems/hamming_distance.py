"""Hamming distance between pairs of packed binary codes (int32 words), one count per row."""

import torch
import torch.nn as nn

num_codes = 1500
words = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        x = torch.bitwise_xor(a, b)
        shifts = torch.arange(32, dtype=torch.int32, device=a.device)
        bits = (x.unsqueeze(-1) >> shifts) & 1
        return bits.sum(dim=(-1, -2)).to(torch.int64)


def get_inputs():
    a = torch.randint(-2**31, 2**31 - 1, (num_codes, words), dtype=torch.int32)
    b = torch.randint(-2**31, 2**31 - 1, (num_codes, words), dtype=torch.int32)
    return [a, b]


def get_init_inputs():
    return []
