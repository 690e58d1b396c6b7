"""Total variation distance between two categorical distributions, averaged over the batch."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p: torch.Tensor, q: torch.Tensor) -> torch.Tensor:
        return 0.5 * (p - q).abs().sum(dim=1).mean()


def get_inputs():
    p = torch.softmax(torch.randn(batch_size, vocab_size) * 2.0, dim=1)
    q = torch.softmax(torch.randn(batch_size, vocab_size) * 2.0, dim=1)
    return [p, q]


def get_init_inputs():
    return []
