"""Crammer-Singer multiclass hinge loss per sample: max(0, margin + best rival logit - target logit)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
num_classes = 100


class Model(nn.Module):
    def __init__(self, margin: float = 1.0):
        super().__init__()
        self.margin = margin

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        true = logits.gather(1, target[:, None]).squeeze(1)
        own = F.one_hot(target, logits.shape[1]).bool()
        rival = logits.masked_fill(own, float("-inf")).amax(dim=1)
        return torch.clamp(self.margin + rival - true, min=0.0)


def get_inputs():
    logits = torch.randn(batch_size, num_classes) * 2.0
    target = torch.randint(0, num_classes, (batch_size,))
    boost = (torch.rand(batch_size) < 0.5).float() * 8.0
    logits[torch.arange(batch_size), target] += boost
    return [logits, target]


def get_init_inputs():
    return [1.0]
