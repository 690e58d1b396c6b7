"""TEA (Tiny Encryption Algorithm) block encryption of 64-bit blocks under one 128-bit key (32-bit word arithmetic)."""

import torch
import torch.nn as nn

num_blocks = 2048
num_cycles = 32


class Model(nn.Module):
    def __init__(self, cycles: int):
        super().__init__()
        self.cycles = cycles

    def forward(self, blocks: torch.Tensor, key: torch.Tensor) -> torch.Tensor:
        # blocks: (N, 2) int64 holding uint32 words (v0, v1); key: (4,) int64 uint32 words.
        # Returns (N, 2) int64 ciphertext words.
        mask = 0xFFFFFFFF
        delta = 0x9E3779B9
        v0 = blocks[:, 0].clone()
        v1 = blocks[:, 1].clone()
        k0, k1, k2, k3 = [int(k) for k in key.tolist()]
        s = 0
        for _ in range(self.cycles):
            s = (s + delta) & mask
            v0 = (v0 + ((((v1 << 4) + k0) ^ (v1 + s) ^ ((v1 >> 5) + k1)) & mask)) & mask
            v1 = (v1 + ((((v0 << 4) + k2) ^ (v0 + s) ^ ((v0 >> 5) + k3)) & mask)) & mask
        return torch.stack([v0, v1], dim=1)


def get_inputs():
    blocks = torch.randint(0, 2 ** 32, (num_blocks, 2), dtype=torch.int64)
    key = torch.randint(0, 2 ** 32, (4,), dtype=torch.int64)
    return [blocks, key]


def get_init_inputs():
    return [num_cycles]
