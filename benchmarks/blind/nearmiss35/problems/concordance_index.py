"""Harrell's concordance index for right-censored survival data (scikit-survival concordance_index_censored
without tied-time pairs): a pair is comparable when the earlier time is an observed event and the times
differ; it is concordant when the earlier one has the higher risk, and a tied risk counts one half."""

import torch
import torch.nn as nn

batch_size = 6
num_subjects = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, time: torch.Tensor, risk: torch.Tensor, event: torch.Tensor) -> torch.Tensor:
        ti, tj = time[:, :, None], time[:, None, :]
        comparable = (event[:, :, None] == 1) & (ti < tj)
        ri, rj = risk[:, :, None], risk[:, None, :]
        score = torch.where(ri > rj, 1.0, torch.where(ri == rj, 0.5, 0.0))
        num = (score * comparable).sum(dim=(1, 2))
        den = comparable.sum(dim=(1, 2)).to(risk.dtype)
        return num / den


def get_inputs():
    hazard = torch.randn(batch_size, num_subjects)
    time = 5.0 * -torch.log(torch.rand(batch_size, num_subjects)) / torch.exp(hazard)
    risk = 1.5 * (hazard + 0.8 * torch.randn(batch_size, num_subjects))
    event = (torch.rand(batch_size, num_subjects) < 0.7).long()
    return [time, risk, event]


def get_init_inputs():
    return []
