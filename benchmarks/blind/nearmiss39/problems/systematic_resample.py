"""Systematic resampling of particle-filter weights (as in FilterPy's systematic_resample).

Each row has N unnormalised non-negative weights and one offset u in [0, 1). With the running sums
C_j and total S, particle k picks the first index j with C_j > (k + u) S / N, i.e. the number of
running sums at or below that position (zero-weight particles are never picked). Output int64 indices.
"""

import torch
import torch.nn as nn

num_rows = 32
num_particles = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, weights, offsets):
        n = weights.shape[1]
        c = torch.cumsum(weights, dim=1)
        pos = (torch.arange(n, device=weights.device).to(torch.float32)[None, :] + offsets[:, None]) * c[:, -1:] / n
        return torch.searchsorted(c.contiguous(), pos.contiguous(), right=True)


def get_inputs():
    r, n = num_rows, num_particles
    weights = torch.randint(0, 16, (r, n)).to(torch.float32) / 4.0
    sparse = torch.rand(r, n) < 0.3
    weights = torch.where(sparse, torch.zeros_like(weights), weights)
    offsets = torch.randint(0, 4, (r,)).to(torch.float32) / 4.0
    lead = torch.arange(r) % 4 == 0
    weights[lead, :3] = 0.0
    offsets[lead] = 0.0
    return [weights, offsets]


def get_init_inputs():
    return []
