"""Tajima's D per locus from derived-allele counts at each site (n sampled chromosomes; 0 where no site segregates)."""

import math

import torch
import torch.nn as nn

num_loci = 60
num_sites = 400
num_samples = 20


class Model(nn.Module):
    def __init__(self, num_samples: int):
        super().__init__()
        self.n = num_samples

    def forward(self, counts: torch.Tensor) -> torch.Tensor:
        n = self.n
        a1 = sum(1.0 / i for i in range(1, n))
        a2 = sum(1.0 / (i * i) for i in range(1, n))
        b1 = (n + 1) / (3.0 * (n - 1))
        b2 = 2.0 * (n * n + n + 3) / (9.0 * n * (n - 1))
        c1 = b1 - 1.0 / a1
        c2 = b2 - (n + 2) / (a1 * n) + a2 / (a1 * a1)
        e1 = c1 / a1
        e2 = c2 / (a1 * a1 + a2)
        c = counts.float()
        seg = ((counts > 0) & (counts < n)).float().sum(1)
        pi = (2.0 * c * (n - c)).sum(1) / (n * (n - 1))
        var = e1 * seg + e2 * seg * (seg - 1.0)
        d = (pi - seg / a1) / torch.sqrt(var.clamp(min=1e-30))
        return torch.where(seg > 0, d, torch.zeros_like(d))


def get_inputs():
    freq = torch.rand(num_loci, 1) ** 2
    p = (torch.rand(num_loci, num_sites) * freq * 2).clamp(max=1.0)
    counts = torch.binomial(torch.full((num_loci, num_sites), float(num_samples)), p).long()
    active = torch.rand(num_loci, num_sites) < torch.linspace(0.02, 0.3, num_loci)[:, None]
    counts = torch.where(active, counts, torch.zeros_like(counts))
    counts[3] = 0
    counts[41] = num_samples
    counts[:, ::37] = num_samples
    return [counts]


def get_init_inputs():
    return [num_samples]
