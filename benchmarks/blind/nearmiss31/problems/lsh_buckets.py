"""Angular LSH bucket ids (Reformer-style): project on random rotations, argmax over [xR, -xR], offset each hash round."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 100
dim = 32
num_hashes = 4
num_buckets = 8


class Model(nn.Module):
    def __init__(self, num_hashes: int, num_buckets: int):
        super().__init__()
        self.num_hashes = num_hashes
        self.num_buckets = num_buckets

    def forward(self, vectors: torch.Tensor, rotations: torch.Tensor) -> torch.Tensor:
        rotated = torch.einsum("btd,dhr->bhtr", vectors, rotations)
        rotated = torch.cat([rotated, -rotated], dim=-1)
        buckets = torch.argmax(rotated, dim=-1)
        offsets = torch.arange(self.num_hashes, device=vectors.device) * self.num_buckets
        return buckets + offsets[None, :, None]


def get_inputs():
    vectors = torch.randn(batch_size, seq_len, dim)
    rotations = torch.randn(dim, num_hashes, num_buckets // 2)
    return [vectors, rotations]


def get_init_inputs():
    return [num_hashes, num_buckets]
