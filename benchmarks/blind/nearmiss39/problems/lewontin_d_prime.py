"""Pairwise linkage disequilibrium D' (Lewontin 1964) between biallelic SNPs from phased haplotypes.

haplotypes is a (SNPs x haplotypes) matrix of 0/1 alleles. With allele frequencies p_i, p_j and the
frequency p_ij of haplotypes carrying both alleles, D = p_ij - p_i p_j and D' = D / D_max, where
D_max = min(p_i (1 - p_j), (1 - p_i) p_j) for D > 0 and min(p_i p_j, (1 - p_i)(1 - p_j)) otherwise;
D' is 0 where D_max is 0 (a monomorphic SNP). The result is signed.
"""

import torch
import torch.nn as nn

num_snps = 40
num_haplotypes = 200
num_founders = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, haplotypes):
        n = haplotypes.shape[1]
        p = haplotypes.sum(dim=1) / n
        q = 1.0 - p
        pij = (haplotypes @ haplotypes.T) / n
        d = pij - p[:, None] * p[None, :]
        dpos = torch.minimum(p[:, None] * q[None, :], q[:, None] * p[None, :])
        dneg = torch.minimum(p[:, None] * p[None, :], q[:, None] * q[None, :])
        dmax = torch.where(d > 0, dpos, dneg)
        return torch.where(dmax > 0, d / torch.where(dmax > 0, dmax, 1.0), 0.0)


def get_inputs():
    s, n = num_snps, num_haplotypes
    freq = 0.05 + 0.9 * torch.rand(s)
    founders = (torch.rand(num_founders, s) < freq).to(torch.float32)
    origin = torch.randint(0, num_founders, (n,))
    hap = torch.empty(n, s)
    for j in range(s):
        switch = torch.rand(n) < 0.08
        origin = torch.where(switch, torch.randint(0, num_founders, (n,)), origin)
        hap[:, j] = founders[origin, j]
    flip = torch.rand(n, s) < 0.03
    hap = torch.where(flip, 1.0 - hap, hap)
    hap[:, s // 2] = 0.0
    return [hap.T.contiguous()]


def get_init_inputs():
    return []
