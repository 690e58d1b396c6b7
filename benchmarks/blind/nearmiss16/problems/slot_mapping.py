"""Paged KV-cache slot mapping (vLLM style): token position -> physical cache slot, -1 for padding."""

import torch
import torch.nn as nn

num_tokens = 2048
num_seqs = 8
max_blocks = 32
block_size = 16
num_physical_blocks = 4096


class Model(nn.Module):
    def __init__(self, block_size):
        super().__init__()
        self.block_size = block_size

    def forward(self, positions: torch.Tensor, seq_ids: torch.Tensor, block_table: torch.Tensor) -> torch.Tensor:
        valid = seq_ids >= 0
        sid = seq_ids.clamp(min=0)
        blk = block_table[sid, positions // self.block_size].long()
        slots = blk * self.block_size + positions % self.block_size
        return torch.where(valid, slots, torch.full_like(slots, -1))


def get_inputs():
    positions = torch.randint(0, max_blocks * block_size, (num_tokens,))
    seq_ids = torch.randint(-1, num_seqs, (num_tokens,))
    block_table = torch.randint(0, num_physical_blocks, (num_seqs, max_blocks), dtype=torch.int32)
    return [positions, seq_ids, block_table]


def get_init_inputs():
    return [block_size]
