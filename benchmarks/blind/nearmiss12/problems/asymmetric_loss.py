"""Asymmetric loss (ASL) for multi-label classification, summed over all labels."""

import torch
import torch.nn as nn

batch_size = 32
num_labels = 300


class Model(nn.Module):
    def __init__(self, gamma_pos=1.0, gamma_neg=4.0, clip=0.05, eps=1e-8):
        super().__init__()
        self.gamma_pos = gamma_pos
        self.gamma_neg = gamma_neg
        self.clip = clip
        self.eps = eps

    def forward(self, logits, targets):
        p = torch.sigmoid(logits)
        p_neg = (1.0 - p + self.clip).clamp(max=1.0)
        los_pos = targets * torch.log(p.clamp(min=self.eps))
        los_neg = (1.0 - targets) * torch.log(p_neg.clamp(min=self.eps))
        pt = p * targets + p_neg * (1.0 - targets)
        gamma = self.gamma_pos * targets + self.gamma_neg * (1.0 - targets)
        w = torch.pow(1.0 - pt, gamma)
        return -((los_pos + los_neg) * w).sum()


def get_inputs():
    logits = torch.randn(batch_size, num_labels) * 2.0
    targets = (torch.rand(batch_size, num_labels) < 0.3).float()
    return [logits, targets]


def get_init_inputs():
    return [1.0, 4.0, 0.05, 1e-8]
