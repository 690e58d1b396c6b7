"""Motif scanning with a position-specific scoring matrix (PSSM): the best log-odds score of a DNA motif over
every window of each sequence, on both strands (the reverse complement strand reads the window backwards with
A<->T and C<->G swapped)."""

import torch
import torch.nn as nn

num_seqs = 16
seq_len = 200
motif_len = 10


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, seqs: torch.Tensor, pssm: torch.Tensor) -> torch.Tensor:
        # seqs: (B, L) int64 bases 0..3 (A, C, G, T); pssm: (W, 4) log-odds per motif position
        W = pssm.shape[0]
        win = seqs.unfold(1, W, 1)  # (B, L - W + 1, W)
        pos = torch.arange(W, device=seqs.device)
        fwd = pssm[pos, win].sum(-1)
        rev = pssm[pos, 3 - win.flip(-1)].sum(-1)
        return torch.maximum(fwd, rev).amax(dim=1)


def get_inputs():
    seqs = torch.randint(0, 4, (num_seqs, seq_len))
    probs = torch.softmax(torch.randn(motif_len, 4) * 1.5, dim=1)
    pssm = torch.log(probs / 0.25)
    return [seqs, pssm]


def get_init_inputs():
    return []
