"""Varifocal loss (VarifocalNet, IoU-weighted): BCE-with-logits against an IoU-aware target score;
positives (target > 0) are weighted by their target, negatives by alpha * |sigmoid(pred) - target|^gamma;
mean over all elements."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_preds = 500
num_classes = 20


class Model(nn.Module):
    def __init__(self, alpha=0.75, gamma=2.0):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, pred, target):
        p = torch.sigmoid(pred)
        pos = (target > 0.0).to(pred.dtype)
        weight = target * pos + self.alpha * (p - target).abs().pow(self.gamma) * (1.0 - pos)
        loss = F.binary_cross_entropy_with_logits(pred, target, reduction="none") * weight
        return loss.mean()


def get_inputs():
    pred = torch.randn(num_preds, num_classes) * 2.0
    hit = torch.rand(num_preds, num_classes) < 0.1
    target = torch.where(hit, torch.rand(num_preds, num_classes), torch.zeros(num_preds, num_classes))
    return [pred, target]


def get_init_inputs():
    return []
