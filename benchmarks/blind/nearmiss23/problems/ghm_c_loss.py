"""Gradient-harmonising classification loss (GHM-C, mmdetection style, momentum 0) on sigmoid logits."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_samples = 200
num_classes = 10


class Model(nn.Module):
    def __init__(self, bins=10, loss_weight=1.0):
        super().__init__()
        self.bins = bins
        self.loss_weight = loss_weight

    def forward(self, pred, target, label_weight):
        edges = torch.arange(self.bins + 1, device=pred.device).float() / self.bins
        edges[-1] += 1e-6
        weights = torch.zeros_like(pred)
        g = torch.abs(pred.sigmoid() - target)
        valid = label_weight > 0
        tot = max(valid.float().sum().item(), 1.0)
        n = 0
        for i in range(self.bins):
            inds = (g >= edges[i]) & (g < edges[i + 1]) & valid
            num_in_bin = inds.sum().item()
            if num_in_bin > 0:
                weights[inds] = tot / num_in_bin
                n += 1
        if n > 0:
            weights = weights / n
        loss = F.binary_cross_entropy_with_logits(pred, target, weights, reduction="sum") / tot
        return loss * self.loss_weight


def get_inputs():
    pred = torch.randn(num_samples, num_classes) * 2.0
    target = (torch.rand(num_samples, num_classes) < 0.3).float()
    label_weight = (torch.rand(num_samples, num_classes) > 0.2).float()
    return [pred, target, label_weight]


def get_init_inputs():
    return []
