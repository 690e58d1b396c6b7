"""Mean squared error over all elements (F.mse_loss, reduction="mean"): a loss whose honest kernels
often write one partial sum per row and let torch average them (the torch epilogue policy,
verifiers/epilogue.py)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
dim = 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.mse_loss(pred, target, reduction="mean")


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
