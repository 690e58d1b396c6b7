"""Extrapolated rank-biased overlap (Webber, Moffat and Zobel 2010) of pairs of ranked lists.

Each pair holds two rankings of equal depth k over item ids (no repeats inside a list). With X_d the
number of items shared by the two top-d prefixes and persistence p:
RBO_ext = X_k / k * p^k + (1 - p) / p * sum_{d=1..k} X_d / d * p^d.
"""

import torch
import torch.nn as nn

num_pairs = 64
depth = 40
PERSISTENCE = 0.9


class Model(nn.Module):
    def __init__(self, p: float):
        super().__init__()
        self.p = p

    def forward(self, list_a, list_b):
        k = list_a.shape[1]
        device = list_a.device
        same = list_a[:, :, None] == list_b[:, None, :]
        pos = torch.arange(k, device=device)
        first = torch.maximum(pos[:, None], pos[None, :])
        d = torch.arange(1, k + 1, device=device)
        shared = (same[..., None] & (first[None, :, :, None] < d)).sum(dim=(1, 2)).to(torch.float32)
        weights = torch.pow(torch.full((k,), self.p, device=device), d.to(torch.float32))
        agree = shared / d.to(torch.float32)
        tail = shared[:, -1] / k * weights[-1]
        return tail + (1.0 - self.p) / self.p * (agree * weights).sum(dim=1)


def get_inputs():
    k = depth
    universe = 3 * k
    list_a = torch.empty(num_pairs, k, dtype=torch.int64)
    list_b = torch.empty(num_pairs, k, dtype=torch.int64)
    for r in range(num_pairs):
        perm = torch.randperm(universe)
        list_a[r] = perm[:k]
        noise = 0.3 * (1.5 ** (r % 13)) * torch.randn(universe)
        order = torch.argsort(torch.arange(universe, dtype=torch.float32) + noise)
        list_b[r] = perm[order][:k]
    return [list_a, list_b]


def get_init_inputs():
    return [PERSISTENCE]
