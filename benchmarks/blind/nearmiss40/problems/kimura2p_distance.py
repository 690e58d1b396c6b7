"""Kimura two-parameter (K2P) evolutionary distances between all pairs of aligned DNA sequences.

Bases are coded A = 0, C = 1, G = 2, T = 3; 4 marks a gap or an ambiguous base. Sites with a 4 in either
sequence are left out for that pair (pairwise deletion). Among the L' remaining sites, P is the fraction of
transitions (A <-> G, C <-> T: purine-purine or pyrimidine-pyrimidine changes) and Q the fraction of
transversions; d = -ln(1 - 2P - Q) / 2 - ln(1 - 2Q) / 4 (Kimura 1980). Output (num_seqs, num_seqs).
"""

import torch
import torch.nn as nn

num_seqs = 40
seq_len = 320


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, seqs: torch.Tensor) -> torch.Tensor:
        x = seqs[:, None, :]
        y = seqs[None, :, :]
        valid = (x < 4) & (y < 4)
        diff = valid & (x != y)
        ts = diff & ((x % 2) == (y % 2))
        tv = diff & ((x % 2) != (y % 2))
        nv = valid.sum(dim=2).to(torch.float32)
        p = ts.sum(dim=2).to(torch.float32) / nv
        q = tv.sum(dim=2).to(torch.float32) / nv
        return -0.5 * torch.log(1.0 - 2.0 * p - q) - 0.25 * torch.log(1.0 - 2.0 * q)


def _mutate(s, rate):
    hit = torch.rand(s.shape) < rate
    transition = torch.rand(s.shape) < 0.7
    partner = s ^ 2                                    # A <-> G, C <-> T
    other = (s + 1 + 2 * torch.randint(0, 2, s.shape)) % 4
    return torch.where(hit, torch.where(transition, partner, other), s)


def get_inputs():
    root = torch.randint(0, 4, (seq_len,))
    clades = [_mutate(root, 0.12) for _ in range(4)]
    seqs = torch.stack([_mutate(clades[i % 4], float(torch.empty(1).uniform_(0.01, 0.08))) for i in range(num_seqs)])
    # indels: a few gap runs per sequence, plus scattered ambiguous bases
    for i in range(num_seqs):
        for _ in range(3):
            start = int(torch.randint(0, seq_len, (1,)))
            seqs[i, start:start + int(torch.randint(1, 12, (1,)))] = 4
    seqs = torch.where(torch.rand(num_seqs, seq_len) < 0.02, torch.full_like(seqs, 4), seqs)
    return [seqs]


def get_init_inputs():
    return []
