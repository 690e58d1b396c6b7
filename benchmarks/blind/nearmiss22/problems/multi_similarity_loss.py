"""Multi-similarity loss (Wang et al. 2019) per anchor, with its built-in pair mining: on cosine similarities,
negatives are kept when s + margin > the anchor's hardest (smallest) positive, positives when s - margin < its
hardest (largest) negative; loss = log(1 + sum_P exp(-alpha (s - lambda))) / alpha
+ log(1 + sum_N exp(beta (s - lambda))) / beta, and 0 for anchors left without a positive or negative pair."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_samples = 48
feat_dim = 32
num_classes = 6


class Model(nn.Module):
    def __init__(self, alpha: float = 2.0, beta: float = 40.0, thresh: float = 0.5, margin: float = 0.1):
        super().__init__()
        self.alpha, self.beta, self.thresh, self.margin = alpha, beta, thresh, margin

    def forward(self, feats, labels):
        feats = F.normalize(feats, dim=1)
        sim = feats @ feats.t()
        N = feats.shape[0]
        idx = torch.arange(N, device=feats.device)
        out = torch.zeros(N, device=feats.device, dtype=feats.dtype)
        for i in range(N):
            pos = sim[i][(labels == labels[i]) & (idx != i)]
            neg = sim[i][labels != labels[i]]
            neg_keep = neg[neg + self.margin > pos.min()]
            pos_keep = pos[pos - self.margin < neg.max()]
            if len(neg_keep) == 0 or len(pos_keep) == 0:
                continue
            pos_loss = torch.log(1 + torch.sum(torch.exp(-self.alpha * (pos_keep - self.thresh)))) / self.alpha
            neg_loss = torch.log(1 + torch.sum(torch.exp(self.beta * (neg_keep - self.thresh)))) / self.beta
            out[i] = pos_loss + neg_loss
        return out


def get_inputs():
    labels = torch.randperm(num_samples) % num_classes
    centers = torch.randn(num_classes, feat_dim)
    feats = centers[labels] * 0.6 + torch.randn(num_samples, feat_dim) * 0.5
    return [feats, labels]


def get_init_inputs():
    return []
