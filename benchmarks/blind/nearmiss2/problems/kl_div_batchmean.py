"""KL divergence loss between a target distribution p and log-probabilities log q,
reduction='batchmean' (the sum divided by the batch size)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_q: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        return F.kl_div(log_q, p, reduction="batchmean")


def get_inputs():
    log_q = torch.log_softmax(torch.randn(batch_size, dim), dim=-1)
    p = torch.softmax(torch.randn(batch_size, dim), dim=-1)
    return [log_q, p]


def get_init_inputs():
    return []
