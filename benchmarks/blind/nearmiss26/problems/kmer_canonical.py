"""Canonical k-mer codes of DNA sequences (as used by k-mer counters): every window of k bases is packed two bits
per base (first base in the most significant bits), the same is done for its reverse complement, and the smaller
of the two codes is kept."""

import torch
import torch.nn as nn

num_seqs = 16
seq_len = 300
k = 11


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, seqs: torch.Tensor) -> torch.Tensor:
        # seqs: (B, L) int64 bases 0..3 (A, C, G, T; complement = 3 - base)
        win = seqs.unfold(1, self.k, 1)  # (B, L - k + 1, k)
        shifts = 2 * torch.arange(self.k - 1, -1, -1, device=seqs.device)
        fwd = (win << shifts).sum(-1)
        rc = ((3 - win.flip(-1)) << shifts).sum(-1)
        return torch.minimum(fwd, rc)


def get_inputs():
    return [torch.randint(0, 4, (num_seqs, seq_len))]


def get_init_inputs():
    return [k]
