"""Check-node update of normalised min-sum LDPC decoding for irregular check degrees."""

import torch
import torch.nn as nn

num_checks = 500
max_degree = 20


class Model(nn.Module):
    """Check-to-variable messages of every check node (normalised min-sum).

    v2c: (C, D) variable-to-check LLRs, only the first `degree` edges of a row exist; degree: (C,) int64.
    For an existing edge e the outgoing message is scale * prod_{e' != e} sign(v2c_e') *
    min_{e' != e} |v2c_e'| with sign(0) = +1; missing edges get 0. Returns (C, D).
    """

    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, v2c, degree):
        d = v2c.shape[1]
        lane = torch.arange(d, device=v2c.device)[None, :]
        valid = lane < degree[:, None]
        mag = torch.where(valid, v2c.abs(), torch.inf)
        vals, idx = torch.topk(mag, 2, dim=1, largest=False)
        ext = torch.where(lane == idx[:, :1], vals[:, 1:2], vals[:, 0:1])
        neg = (v2c < 0) & valid
        total = 1.0 - 2.0 * (neg.sum(1, keepdim=True) % 2).float()
        sign = torch.where(v2c < 0, -total, total)
        return torch.where(valid, sign * (self.scale * ext), 0.0)


def get_inputs():
    degree = torch.randint(6, max_degree + 1, (num_checks,))
    v2c = 1.0 + 3.0 * torch.randn(num_checks, max_degree)
    v2c = torch.where(torch.arange(max_degree)[None, :] < degree[:, None], v2c, 0.0)
    return [v2c, degree]


def get_init_inputs():
    return [0.75]
