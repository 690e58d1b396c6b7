"""Row-wise inverse of a batch of permutations (int64): inv[b, perm[b, i]] = i."""

import torch
import torch.nn as nn

batch_size = 16
n = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, perm: torch.Tensor) -> torch.Tensor:
        src = torch.arange(perm.shape[1], device=perm.device, dtype=perm.dtype).expand_as(perm)
        return torch.empty_like(perm).scatter_(1, perm, src)


def get_inputs():
    return [torch.rand(batch_size, n).argsort(dim=1)]


def get_init_inputs():
    return []
