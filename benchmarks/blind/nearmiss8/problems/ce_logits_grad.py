"""Gradient of the mean cross-entropy loss (with ignore_index) w.r.t. the logits."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
vocab = 1501


class Model(nn.Module):
    def __init__(self, ignore_index: int = -100):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        with torch.enable_grad():
            lg = logits.detach().requires_grad_(True)
            loss = F.cross_entropy(lg, target, ignore_index=self.ignore_index)
            (grad,) = torch.autograd.grad(loss, lg)
        return grad


def get_inputs():
    logits = torch.randn(batch_size, vocab) * 2.0
    target = torch.randint(0, vocab, (batch_size,))
    target[1::4] = -100
    return [logits, target]


def get_init_inputs():
    return []
