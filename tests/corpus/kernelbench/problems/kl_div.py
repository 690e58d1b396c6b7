"""Level 1: KL divergence of two distributions over the last dim, reduction='batchmean'."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
input_shape = (1024,)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.kl_div(torch.log(predictions), targets, reduction="batchmean")


def get_inputs():
    predictions = torch.randn(batch_size, *input_shape).softmax(dim=-1)
    targets = torch.randn(batch_size, *input_shape).softmax(dim=-1)
    return [predictions, targets]


def get_init_inputs():
    return []
