"""Masked whitening of advantages over the whole batch (TRL masked_whiten, shift_mean=True, unbiased variance)."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, values: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        m = mask.to(values.dtype)
        n = m.sum()
        mean = (values * m).sum() / n
        var = (((values - mean) ** 2) * m).sum() / n
        var = var * n / (n - 1)
        return (values - mean) * torch.rsqrt(var + 1e-8)


def get_inputs():
    values = torch.randn(batch_size, seq_len) * 2.0 + 1.0
    lengths = torch.randint(seq_len // 4, seq_len + 1, (batch_size,))
    lengths[0] = seq_len // 3
    mask = torch.arange(seq_len)[None, :] < lengths[:, None]
    return [values, mask]


def get_init_inputs():
    return []
