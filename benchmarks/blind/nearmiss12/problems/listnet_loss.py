"""ListNet top-one loss: cross-entropy between softmax(labels) and softmax(scores) per list, batch mean.

The scores are log-domain model outputs (non-positive)."""

import torch
import torch.nn as nn

batch_size = 16
list_size = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        p_true = torch.softmax(labels, dim=1)
        log_p = torch.log_softmax(scores, dim=1)
        return -(p_true * log_p).sum(dim=1).mean()


def get_inputs():
    scores = -(torch.rand(batch_size, list_size) * 4.0 + 1.0)
    labels = torch.rand(batch_size, list_size) * 4.0
    return [scores, labels]


def get_init_inputs():
    return []
