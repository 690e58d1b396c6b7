"""IPO preference loss (TRL / Liger-Kernel loss_type="ipo") from token log-probabilities: each sequence's
log-probability is the mask-weighted token average; h = (pi_c - ref_c) - (pi_r - ref_r) and the per-pair
loss is (h - 1 / (2 beta))^2.

logps: (4, B, T) = [policy chosen, policy rejected, reference chosen, reference rejected];
mask: (2, B, T) float 0/1 = [chosen, rejected] (prefix masks, at least one token)."""

import torch
import torch.nn as nn

batch_size = 64
seq_len = 48


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, logps: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        mc, mr = mask[0], mask[1]
        pc = (logps[0] * mc).sum(-1) / mc.sum(-1)
        pr = (logps[1] * mr).sum(-1) / mr.sum(-1)
        rc = (logps[2] * mc).sum(-1) / mc.sum(-1)
        rr = (logps[3] * mr).sum(-1) / mr.sum(-1)
        h = (pc - rc) - (pr - rr)
        return (h - 1.0 / (2.0 * self.beta)) ** 2


def get_inputs():
    logps = -torch.rand(4, batch_size, seq_len) * 3.0
    lengths = torch.randint(4, seq_len + 1, (2, batch_size, 1))
    mask = (torch.arange(seq_len).view(1, 1, -1) < lengths).float()
    return [logps, mask]


def get_init_inputs():
    return [0.1]
