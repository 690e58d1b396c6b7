"""Smooth L1 loss (beta) averaged over each row."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1000


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.smooth_l1_loss(pred, target, reduction="none", beta=self.beta).mean(dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return [0.5]
