"""Generalized cross-entropy loss (Zhang & Sabuncu 2018), per sample (reduction='none', as used for
noisy-label sample selection): (1 - p_y ^ q) / q, where p_y is the softmax probability of the target class."""

import torch
import torch.nn as nn

batch_size = 64
num_classes = 50


class Model(nn.Module):
    def __init__(self, q: float):
        super().__init__()
        self.q = q

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        p = torch.softmax(logits, dim=1).gather(1, target.view(-1, 1)).squeeze(1)
        return (1.0 - p ** self.q) / self.q


def get_inputs():
    return [torch.randn(batch_size, num_classes) * 2.0, torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [0.7]
