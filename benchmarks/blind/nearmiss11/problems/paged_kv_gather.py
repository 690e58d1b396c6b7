"""Gather a contiguous per-sequence key tensor from a paged KV pool through a block table
(vLLM-style paged cache)."""

import torch
import torch.nn as nn

batch_size = 3
num_blocks = 32
block_size = 8
blocks_per_seq = 8
head_dim = 32


class Model(nn.Module):
    """out[b, t] = pool[block_table[b, t // block_size], t % block_size]."""

    def __init__(self):
        super().__init__()

    def forward(self, pool: torch.Tensor, block_table: torch.Tensor) -> torch.Tensor:
        B, nb = block_table.shape
        return pool[block_table].reshape(B, nb * pool.shape[1], pool.shape[2])


def get_inputs():
    table = torch.randperm(num_blocks)[: batch_size * blocks_per_seq].reshape(batch_size, blocks_per_seq)
    return [torch.randn(num_blocks, block_size, head_dim), table]


def get_init_inputs():
    return []
