"""MinHash signatures of shingle sets under universal hashes h(s) = (a s + b) mod p."""

import torch
import torch.nn as nn

num_docs = 40
num_shingles = 500
num_hashes = 32
PRIME = 2147483647


class Model(nn.Module):
    def __init__(self, num_hashes: int):
        super().__init__()
        self.register_buffer("a", torch.randint(1, PRIME, (num_hashes,)))
        self.register_buffer("b", torch.randint(0, PRIME, (num_hashes,)))

    def forward(self, present: torch.Tensor) -> torch.Tensor:
        s = torch.arange(present.shape[1], device=present.device, dtype=torch.int64)
        hv = (self.a[:, None] * s[None, :] + self.b[:, None]) % PRIME
        big = torch.full_like(hv, PRIME)
        masked = torch.where(present.bool()[:, None, :], hv[None, :, :], big[None, :, :])
        return masked.amin(dim=-1)


def get_inputs():
    density = 0.02 + 0.2 * torch.rand(num_docs, 1)
    present = (torch.rand(num_docs, num_shingles) < density).to(torch.uint8)
    present[1] = present[0]
    flip = torch.rand(num_shingles) < 0.05
    present[1][flip] = 1 - present[1][flip]
    present[3] = 0
    present[num_docs - 1] = 0
    return [present]


def get_init_inputs():
    return [num_hashes]
