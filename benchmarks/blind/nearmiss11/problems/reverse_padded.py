"""Reverse each padded sequence within its own length (padding positions left in place), as for
the backward direction of a bidirectional RNN."""

import torch
import torch.nn as nn

batch_size = 6
seq_len = 257
features = 16


class Model(nn.Module):
    """out[b, t] = x[b, len_b - 1 - t] for t < len_b, x[b, t] otherwise."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        L = x.shape[1]
        t = torch.arange(L, device=x.device)[None, :]
        n = lengths[:, None]
        src = torch.where(t < n, n - 1 - t, t)
        return x.gather(1, src[:, :, None].expand(-1, -1, x.shape[2]))


def get_inputs():
    return [torch.randn(batch_size, seq_len, features), torch.randint(1, seq_len + 1, (batch_size,))]


def get_init_inputs():
    return []
