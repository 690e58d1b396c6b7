"""Log-likelihood of event sequences under self-exciting Hawkes processes with an exponential kernel."""

import torch
import torch.nn as nn

num_seqs = 40
num_events = 120


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, times, t_end, mu, alpha, beta):
        dt = times[:, :, None] - times[:, None, :]
        past = torch.tril(torch.ones(times.shape[1], times.shape[1], dtype=torch.bool, device=times.device), diagonal=-1)
        kern = torch.where(past, torch.exp(-beta[:, None, None] * dt.clamp(min=0.0)), torch.zeros_like(dt))
        lam = mu[:, None] + alpha[:, None] * kern.sum(dim=-1)
        comp = mu * t_end + (alpha / beta) * torch.sum(1.0 - torch.exp(-beta[:, None] * (t_end[:, None] - times)), dim=1)
        return torch.sum(torch.log(lam), dim=1) - comp


def get_inputs():
    gaps = -torch.log(torch.rand(num_seqs, num_events)) * 0.5
    times = torch.cumsum(gaps, dim=1)
    t_end = times[:, -1] + 1.0
    mu = 0.5 + torch.rand(num_seqs)
    alpha = 0.3 + 0.6 * torch.rand(num_seqs)
    beta = 0.5 + 2.0 * torch.rand(num_seqs)
    return [times, t_end, mu, alpha, beta]


def get_init_inputs():
    return []
