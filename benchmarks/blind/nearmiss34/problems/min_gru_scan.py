"""minGRU hidden states (Feng et al. 2024) from gate and candidate pre-activations, via the log-space scan."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
seq_len = 50
hidden = 40


def _log_g(x):
    return torch.where(x >= 0, torch.log(F.relu(x) + 0.5), -F.softplus(-x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, gate: torch.Tensor, cand: torch.Tensor) -> torch.Tensor:
        log_coeffs = -F.softplus(gate)
        log_z = -F.softplus(-gate)
        log_values = log_z + _log_g(cand)
        a_star = torch.cumsum(log_coeffs, dim=1)
        log_h = a_star + torch.logcumsumexp(log_values - a_star, dim=1)
        return torch.exp(log_h)


def get_inputs():
    gate = torch.randn(batch_size, seq_len, hidden) * 1.5 - 0.5
    cand = torch.randn(batch_size, seq_len, hidden) * 2.0
    return [gate, cand]


def get_init_inputs():
    return []
