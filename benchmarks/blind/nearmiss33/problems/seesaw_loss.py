"""Seesaw loss for long-tailed classification (mmdet style): per-sample cross-entropy on logits re-weighted by
class-frequency mitigation and score compensation factors."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 300
num_classes = 100


class Model(nn.Module):
    def __init__(self, p: float = 0.8, q: float = 2.0, eps: float = 1e-2):
        super().__init__()
        self.p = p
        self.q = q
        self.eps = eps

    def forward(self, cls_score: torch.Tensor, labels: torch.Tensor, cum_samples: torch.Tensor) -> torch.Tensor:
        n_cls = cls_score.size(1)
        onehot = F.one_hot(labels, n_cls).to(cls_score.dtype)
        ratio = cum_samples[None, :] / cum_samples[:, None].clamp(min=1.0)
        index = (ratio < 1.0).to(cls_score.dtype)
        sample_weights = ratio.pow(self.p) * index + (1.0 - index)
        mitigation = sample_weights[labels, :]
        scores = F.softmax(cls_score.detach(), dim=1)
        self_scores = scores.gather(1, labels[:, None])
        score_matrix = scores / self_scores.clamp(min=self.eps)
        index = (score_matrix > 1.0).to(cls_score.dtype)
        compensation = score_matrix.pow(self.q) * index + (1.0 - index)
        weights = mitigation * compensation
        adjusted = cls_score + weights.log() * (1.0 - onehot)
        return F.cross_entropy(adjusted, labels, reduction="none")


def get_inputs():
    cls_score = torch.randn(batch_size, num_classes) * 2.0
    labels = torch.randint(0, num_classes, (batch_size,))
    cum_samples = torch.randint(1, 5000, (num_classes,)).float()
    return [cls_score, labels, cum_samples]


def get_init_inputs():
    return []
