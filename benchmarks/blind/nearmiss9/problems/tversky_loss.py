"""Tversky loss on sigmoid probabilities, averaged over the batch."""

import torch
import torch.nn as nn

batch_size = 16
num_pixels = 1023


class Model(nn.Module):
    def __init__(self, alpha: float = 0.3, beta: float = 0.7, smooth: float = 1.0):
        super().__init__()
        self.alpha = alpha
        self.beta = beta
        self.smooth = smooth

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        p = torch.sigmoid(logits)
        tp = (p * target).sum(1)
        fp = (p * (1.0 - target)).sum(1)
        fn = ((1.0 - p) * target).sum(1)
        t = (tp + self.smooth) / (tp + self.alpha * fp + self.beta * fn + self.smooth)
        return (1.0 - t).mean()


def get_inputs():
    logits = torch.randn(batch_size, num_pixels) * 2.0
    target = (torch.rand(batch_size, num_pixels) < 0.3).float()
    return [logits, target]


def get_init_inputs():
    return [0.3, 0.7, 1.0]
