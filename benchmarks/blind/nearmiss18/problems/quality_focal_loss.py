"""Quality focal loss (GFL, mmdet `quality_focal_loss`, reduction 'none'): sigmoid BCE against a
soft target (the IoU score on the labelled class, 0 elsewhere and for background label == C)
weighted by |target - sigmoid(pred)| ** beta, summed over classes."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_samples = 256
num_classes = 20


class Model(nn.Module):
    def __init__(self, beta: float = 2.0):
        super().__init__()
        self.beta = beta

    def forward(self, pred, label, score):
        n, c = pred.shape
        cols = torch.arange(c, device=pred.device)
        target = torch.where(cols[None, :] == label[:, None], score[:, None], torch.zeros_like(pred))
        sig = pred.sigmoid()
        bce = F.binary_cross_entropy_with_logits(pred, target, reduction="none")
        return (bce * (target - sig).abs().pow(self.beta)).sum(dim=1)


def get_inputs():
    pred = torch.randn(num_samples, num_classes) * 2.0
    label = torch.randint(0, num_classes + 1, (num_samples,))
    score = torch.rand(num_samples)
    return [pred, label, score]


def get_init_inputs():
    return [2.0]
