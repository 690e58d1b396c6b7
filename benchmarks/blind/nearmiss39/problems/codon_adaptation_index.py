"""Codon adaptation index (Sharp and Li 1987) of coding sequences of variable length.

Codons are indices 16 b1 + 4 b2 + b3 with bases ordered T, C, A, G; each row holds one sequence padded
to max_codons with arbitrary codons past its length. weights holds the relative adaptiveness w of the 64
codons (1 for the single-codon Met and Trp). The index is the geometric mean of w over the codons of the
sequence, leaving out ATG (Met), TGG (Trp) and the stop codons TAA, TAG and TGA.
"""

import torch
import torch.nn as nn

num_seqs = 300
max_codons = 48
min_codons = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, codons, lengths, weights):
        pos = torch.arange(codons.shape[1], device=codons.device)
        inside = pos[None, :] < lengths[:, None]
        skip = (codons == 10) | (codons == 11) | (codons == 14) | (codons == 15) | (codons == 35)
        use = (inside & ~skip).to(torch.float32)
        logw = torch.log(weights)[codons]
        return torch.exp((logw * use).sum(dim=1) / use.sum(dim=1))


def get_inputs():
    codons = torch.randint(0, 64, (num_seqs, max_codons), dtype=torch.int64)
    lengths = torch.randint(min_codons, max_codons + 1, (num_seqs,), dtype=torch.int64)
    weights = 0.03 + 0.97 * torch.rand(64)
    weights[15] = 1.0
    weights[35] = 1.0
    return [codons, lengths, weights]


def get_init_inputs():
    return []
