"""T5 bidirectional relative-position buckets for query and key positions."""

import math

import torch
import torch.nn as nn

query_len = 96
key_len = 160
num_buckets = 32
max_distance = 100


class Model(nn.Module):
    def __init__(self, num_buckets=32, max_distance=100):
        super().__init__()
        self.num_buckets = num_buckets
        self.max_distance = max_distance

    def forward(self, q_pos: torch.Tensor, k_pos: torch.Tensor) -> torch.Tensor:
        rel = k_pos[None, :] - q_pos[:, None]
        n = self.num_buckets // 2
        ret = (rel > 0).long() * n
        rel = rel.abs()
        max_exact = n // 2
        is_small = rel < max_exact
        large = max_exact + (
            torch.log(rel.float() / max_exact) / math.log(self.max_distance / max_exact) * (n - max_exact)
        ).to(torch.long)
        large = torch.min(large, torch.full_like(large, n - 1))
        return ret + torch.where(is_small, rel, large)


def get_inputs():
    return [torch.arange(query_len), torch.arange(key_len)]


def get_init_inputs():
    return [num_buckets, max_distance]
