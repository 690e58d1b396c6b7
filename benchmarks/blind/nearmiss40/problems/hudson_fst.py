"""Windowed Hudson F_ST between two populations (ratio of averages over non-overlapping site windows).

At each biallelic site population j has n_j sampled haplotypes, k_j of them carrying the derived allele,
p_j = k_j / n_j. Hudson's estimator (Hudson, Slatkin and Maddison 1992, as written by Bhatia et al. 2013) uses
N = (p1 - p2)^2 - p1 (1 - p1) / (n1 - 1) - p2 (1 - p2) / (n2 - 1) and D = p1 (1 - p2) + p2 (1 - p1); sites where
either population has fewer than two called haplotypes are skipped. F_ST of a window of W consecutive sites is
sum N / sum D (the last window of a chromosome may be shorter). Output (num_chroms, ceil(num_sites / W)).
"""

import torch
import torch.nn as nn

num_chroms = 6
num_sites = 1030
window = 50


class Model(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, derived: torch.Tensor, called: torch.Tensor) -> torch.Tensor:
        ok = (called[..., 0] >= 2) & (called[..., 1] >= 2)
        n = torch.where(ok[..., None], called, torch.full_like(called, 2)).to(torch.float32)
        p = derived.to(torch.float32) / n
        p1, p2 = p[..., 0], p[..., 1]
        n1, n2 = n[..., 0], n[..., 1]
        num = (p1 - p2) * (p1 - p2) - p1 * (1.0 - p1) / (n1 - 1.0) - p2 * (1.0 - p2) / (n2 - 1.0)
        den = p1 * (1.0 - p2) + p2 * (1.0 - p1)
        num = torch.where(ok, num, torch.zeros_like(num))
        den = torch.where(ok, den, torch.zeros_like(den))
        c, s = num.shape
        w = self.window
        nw = (s + w - 1) // w
        pad = nw * w - s
        num = torch.cat([num, num.new_zeros(c, pad)], dim=1).reshape(c, nw, w).sum(dim=2)
        den = torch.cat([den, den.new_zeros(c, pad)], dim=1).reshape(c, nw, w).sum(dim=2)
        return num / den


def get_inputs():
    c, s = num_chroms, num_sites
    anc = torch.rand(c, s).pow(2) * 0.95 + 0.025
    drift = torch.empty(c, s).uniform_(0.05, 0.5)
    f = torch.stack([anc + drift * torch.randn(c, s) * torch.sqrt(anc * (1 - anc)) for _ in range(2)], dim=2)
    f = f.clamp(0.0, 1.0)
    full = torch.tensor([40, 36])
    called = full - torch.randint(0, 9, (c, s, 2))
    # low-coverage sites: some with two or fewer called haplotypes
    low = torch.rand(c, s, 2) < 0.04
    called = torch.where(low, torch.randint(0, 4, (c, s, 2)), called)
    derived = torch.binomial(called.float(), f).long()
    return [derived, called]


def get_init_inputs():
    return [window]
