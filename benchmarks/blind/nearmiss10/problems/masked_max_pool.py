"""Max-over-time pooling of padded sequences: maximum over the first lengths[b] steps."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 64
dim = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        t = torch.arange(x.shape[1])
        valid = t[None, :] < lengths[:, None]
        return x.masked_fill(~valid[:, :, None], float("-inf")).amax(dim=1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim), torch.randint(seq_len // 2, seq_len + 1, (batch_size,))]


def get_init_inputs():
    return []
