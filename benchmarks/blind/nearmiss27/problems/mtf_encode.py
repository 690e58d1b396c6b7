"""Move-to-front transform (as in bzip2) of symbol sequences over a small alphabet, initial list 0..A-1."""

import torch
import torch.nn as nn

num_rows = 32
seq_len = 160
alphabet = 32


class Model(nn.Module):
    def __init__(self, a: int):
        super().__init__()
        self.a = a

    def forward(self, seq: torch.Tensor) -> torch.Tensor:
        # seq: (B, L) int64 symbols in [0, a). Returns (B, L) int64 MTF indices.
        b, n = seq.shape
        rank = torch.arange(self.a, device=seq.device).repeat(b, 1)
        out = torch.empty_like(seq)
        for i in range(n):
            s = seq[:, i:i + 1]
            r = rank.gather(1, s)
            out[:, i] = r[:, 0]
            rank = torch.where(rank < r, rank + 1, rank)
            rank = rank.scatter(1, s, 0)
        return out


def get_inputs():
    # skewed symbol frequencies with short runs, as after a Burrows-Wheeler transform
    probs = torch.exp(-0.25 * torch.arange(alphabet, dtype=torch.float32))
    perm = torch.randperm(alphabet)
    sym = perm[torch.multinomial(probs, num_rows * seq_len, replacement=True)].view(num_rows, seq_len)
    rep = torch.rand(num_rows, seq_len) < 0.3
    for i in range(1, seq_len):
        sym[:, i] = torch.where(rep[:, i], sym[:, i - 1], sym[:, i])
    return [sym]


def get_init_inputs():
    return [alphabet]
