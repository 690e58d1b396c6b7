"""Isoelectric point of peptides by bisection of the Henderson-Hasselbalch net charge (EMBOSS pKa set)."""

import torch
import torch.nn as nn

num_peptides = 200
max_len = 60
NUM_ITERS = 30

# alphabet ACDEFGHIKLMNPQRSTVWY -> codes 0..19
PK_NTERM, PK_CTERM = 8.6, 3.6
POSITIVE = ((8, 10.8), (14, 12.5), (6, 6.5))          # K, R, H
NEGATIVE = ((2, 3.9), (3, 4.1), (1, 8.5), (19, 10.1))  # D, E, C, Y


class Model(nn.Module):
    def __init__(self, num_iters: int):
        super().__init__()
        self.num_iters = num_iters

    def forward(self, seq: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(seq.shape[1], device=seq.device)[None, :]
        valid = pos < lengths[:, None]
        counts = {code: ((seq == code) & valid).sum(dim=1).float() for code, _ in POSITIVE + NEGATIVE}
        lo = torch.zeros(seq.shape[0], device=seq.device)
        hi = torch.full((seq.shape[0],), 14.0, device=seq.device)
        for _ in range(self.num_iters):
            mid = (lo + hi) * 0.5
            charge = 1.0 / (1.0 + torch.pow(10.0, mid - PK_NTERM))
            for code, pk in POSITIVE:
                charge = charge + counts[code] / (1.0 + torch.pow(10.0, mid - pk))
            charge = charge - 1.0 / (1.0 + torch.pow(10.0, PK_CTERM - mid))
            for code, pk in NEGATIVE:
                charge = charge - counts[code] / (1.0 + torch.pow(10.0, pk - mid))
            pos_side = charge > 0.0
            lo = torch.where(pos_side, mid, lo)
            hi = torch.where(pos_side, hi, mid)
        return (lo + hi) * 0.5


def get_inputs():
    seq = torch.randint(0, 20, (num_peptides, max_len))
    lengths = torch.randint(8, max_len + 1, (num_peptides,))
    return [seq, lengths]


def get_init_inputs():
    return [NUM_ITERS]
