"""Hashing-trick bucketisation of 31-bit integer feature ids with a MINSTD-style multiplicative hash."""

import torch
import torch.nn as nn

num_ids = 4096
num_buckets = 100003


class Model(nn.Module):
    """((id * 48271 + 12345) mod (2^31 - 1)) mod num_buckets, as int64."""

    def __init__(self, num_buckets: int):
        super().__init__()
        self.num_buckets = num_buckets

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return ((ids * 48271 + 12345) % 2147483647) % self.num_buckets


def get_inputs():
    return [torch.randint(0, 2 ** 31 - 1, (num_ids,), dtype=torch.int64)]


def get_init_inputs():
    return [num_buckets]
