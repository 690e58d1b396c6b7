"""Translation of open reading frames: codons to amino-acid indices through a genetic-code table; codons after
the first stop codon are -1."""

import torch
import torch.nn as nn

num_seqs = 40
seq_len = 302

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"
STOP = 20
# standard code, bases indexed T=0, C=1, A=2, G=3, codon index 16 * first + 4 * second + third
STANDARD_CODE = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, seq: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
        # seq: (R, L) int64 bases in 0..3; table: (64,) int64 amino-acid index per codon (20 = stop)
        # returns (R, L // 3) int64
        r, length = seq.shape
        nc = length // 3
        s = seq[:, : 3 * nc].reshape(r, nc, 3)
        idx = 16 * s[..., 0] + 4 * s[..., 1] + s[..., 2]
        aa = table[idx]
        stop = (aa == STOP).long()
        after = (torch.cumsum(stop, dim=1) - stop) > 0
        return torch.where(after, torch.full_like(aa, -1), aa)


def _table():
    return torch.tensor([STOP if ch == "*" else AMINO_ACIDS.index(ch) for ch in STANDARD_CODE], dtype=torch.int64)


def get_inputs():
    table = _table()
    nc = seq_len // 3
    sense = torch.nonzero(table != STOP).flatten()
    stops = torch.nonzero(table == STOP).flatten()
    codons = sense[torch.randint(0, sense.numel(), (num_seqs, nc))]
    orf_end = torch.randint(nc // 3, nc, (num_seqs,))
    stop_pick = stops[torch.randint(0, stops.numel(), (num_seqs,))]
    codons[torch.arange(num_seqs), orf_end] = stop_pick
    tail = torch.randint(0, 64, (num_seqs, nc))
    codons = torch.where(torch.arange(nc)[None, :] > orf_end[:, None], tail, codons)
    bases = torch.stack([codons // 16, (codons // 4) % 4, codons % 4], dim=2).reshape(num_seqs, 3 * nc)
    extra = torch.randint(0, 4, (num_seqs, seq_len - 3 * nc))
    return [torch.cat([bases, extra], dim=1), table]


def get_init_inputs():
    return []
