"""NLL loss over log-probabilities with per-class weights, weighted-mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 500
num_classes = 37


class Model(nn.Module):
    def __init__(self, num_classes: int):
        super().__init__()
        self.register_buffer("class_weight", torch.rand(num_classes) + 0.5)

    def forward(self, logp: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.nll_loss(logp, target, weight=self.class_weight, reduction="mean")


def get_inputs():
    logp = torch.log_softmax(torch.randn(batch_size, num_classes), dim=1)
    target = torch.randint(0, num_classes, (batch_size,))
    return [logp, target]


def get_init_inputs():
    return [num_classes]
