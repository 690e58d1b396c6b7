"""CenterNet Gaussian focal loss on heatmaps (sum over all elements / number of peaks, at least 1)."""

import torch
import torch.nn as nn

batch_size = 2
num_classes = 4
height = 32
width = 48


class Model(nn.Module):
    def __init__(self, alpha=2.0, gamma=4.0):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, pred: torch.Tensor, gt: torch.Tensor) -> torch.Tensor:
        eps = 1e-12
        pos = gt.eq(1).to(pred.dtype)
        neg_w = (1 - gt).pow(self.gamma)
        pos_loss = -(pred + eps).log() * (1 - pred).pow(self.alpha) * pos
        neg_loss = -(1 - pred + eps).log() * pred.pow(self.alpha) * neg_w
        num_pos = pos.sum().clamp(min=1)
        return (pos_loss + neg_loss).sum() / num_pos


def get_inputs():
    pred = torch.sigmoid(torch.randn(batch_size, num_classes, height, width) * 2.0)
    gt = torch.rand(batch_size, num_classes, height, width) ** 3
    peaks = torch.rand(batch_size, num_classes, height, width) < 0.01
    gt = torch.where(peaks, torch.ones_like(gt), gt * 0.95)
    return [pred, gt]


def get_init_inputs():
    return [2.0, 4.0]
