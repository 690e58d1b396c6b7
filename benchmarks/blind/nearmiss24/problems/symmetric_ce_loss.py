"""Symmetric cross entropy for noisy labels (Wang et al. 2019): alpha * CE + beta * reverse CE, where the reverse
term uses softmax probabilities clamped to [1e-7, 1] and a one-hot label clamped to [1e-4, 1]."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
num_classes = 100


class Model(nn.Module):
    def __init__(self, num_classes: int, alpha: float = 0.1, beta: float = 1.0):
        super().__init__()
        self.num_classes = num_classes
        self.alpha = alpha
        self.beta = beta

    def forward(self, logits, labels):
        ce = F.cross_entropy(logits, labels)
        pred = torch.softmax(logits, dim=1).clamp(min=1e-7, max=1.0)
        one_hot = F.one_hot(labels, self.num_classes).to(logits.dtype).clamp(min=1e-4, max=1.0)
        rce = -(pred * torch.log(one_hot)).sum(1).mean()
        return self.alpha * ce + self.beta * rce


def get_inputs():
    logits = torch.randn(batch_size, num_classes) * 3.0
    labels = torch.randint(0, num_classes, (batch_size,))
    logits[torch.arange(batch_size), labels] += 6.0 * torch.rand(batch_size)
    return [logits, labels]


def get_init_inputs():
    return [num_classes]
