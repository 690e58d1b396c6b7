"""Bateman solution of a three-member radioactive decay chain A -> B -> C -> (stable) from pure A."""

import torch
import torch.nn as nn

num_samples = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, lam: torch.Tensor, t: torch.Tensor, n0: torch.Tensor) -> torch.Tensor:
        l1, l2, l3 = lam[:, 0], lam[:, 1], lam[:, 2]
        e1, e2, e3 = torch.exp(-l1 * t), torch.exp(-l2 * t), torch.exp(-l3 * t)
        n1 = n0 * e1
        n2 = n0 * l1 / (l2 - l1) * (e1 - e2)
        n3 = n0 * l1 * l2 * (e1 / ((l2 - l1) * (l3 - l1)) + e2 / ((l1 - l2) * (l3 - l2)) + e3 / ((l1 - l3) * (l2 - l3)))
        return torch.stack([n1, n2, n3], dim=1)


def get_inputs():
    base = 0.05 + 0.5 * torch.rand(num_samples, 1)
    ratios = torch.cat([torch.ones(num_samples, 1), 1.8 + torch.rand(num_samples, 1), 4.0 + 2.0 * torch.rand(num_samples, 1)], dim=1)
    perm = torch.argsort(torch.rand(num_samples, 3), dim=1)
    lam = torch.gather(base * ratios, 1, perm)
    t = 10.0 * torch.rand(num_samples)
    n0 = 1000.0 * (0.5 + torch.rand(num_samples))
    return [lam, t, n0]


def get_init_inputs():
    return []
