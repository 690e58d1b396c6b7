"""Bayesian personalised ranking loss: -mean log sigmoid(positive score - negative scores)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 128
num_neg = 63


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pos: torch.Tensor, neg: torch.Tensor) -> torch.Tensor:
        return -F.logsigmoid(pos[:, None] - neg).mean()


def get_inputs():
    return [torch.randn(batch_size), torch.randn(batch_size, num_neg)]


def get_init_inputs():
    return []
