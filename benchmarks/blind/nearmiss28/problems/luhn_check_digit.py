"""Luhn (mod 10) check digits of variable-length identification numbers (ISO/IEC 7812 card numbers)."""

import torch
import torch.nn as nn

num_numbers = 300
max_digits = 19


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, digits: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        # digits: (N, max_digits) int64, most significant digit first, zero after the payload length
        # lengths: (N,) int64 payload lengths; returns (N,) int64 check digits to append on the right
        pos = torch.arange(digits.shape[1], device=digits.device)
        from_right = lengths[:, None] - 1 - pos[None, :]
        valid = from_right >= 0
        doubled = valid & (from_right % 2 == 0)
        v = torch.where(doubled, digits * 2, digits)
        v = torch.where(v > 9, v - 9, v)
        v = torch.where(valid, v, torch.zeros_like(v))
        s = v.sum(dim=1)
        return (10 - s % 10) % 10


def get_inputs():
    lengths = torch.randint(11, max_digits, (num_numbers,), dtype=torch.int64)
    digits = torch.randint(0, 10, (num_numbers, max_digits), dtype=torch.int64)
    pos = torch.arange(max_digits)
    digits = torch.where(pos[None, :] < lengths[:, None], digits, torch.zeros_like(digits))
    return [digits, lengths]


def get_init_inputs():
    return []
