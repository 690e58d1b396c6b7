"""Circle loss (Sun et al. 2020) over a batch with class labels: cosine similarities of L2-normalised
embeddings, self-paced weights alpha_p = relu(1 + m - s), alpha_n = relu(s + m), per-anchor
softplus(logsumexp over positives + logsumexp over negatives), mean over anchors (an anchor without
positives contributes softplus(-inf) = 0)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_samples = 45
feat_dim = 24
num_classes = 6


class Model(nn.Module):
    def __init__(self, margin: float, gamma: float):
        super().__init__()
        self.margin = margin
        self.gamma = gamma

    def forward(self, feats: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        f = F.normalize(feats, dim=1)
        sim = f @ f.T
        n = sim.shape[0]
        eye = torch.eye(n, dtype=torch.bool, device=feats.device)
        same = labels[:, None] == labels[None, :]
        pos = same & ~eye
        neg = ~same
        m = self.margin
        ap = (1.0 + m - sim).clamp(min=0)
        an = (sim + m).clamp(min=0)
        lp = -self.gamma * ap * (sim - (1.0 - m))
        ln = self.gamma * an * (sim - m)
        lse_p = torch.logsumexp(lp.masked_fill(~pos, float("-inf")), dim=1)
        lse_n = torch.logsumexp(ln.masked_fill(~neg, float("-inf")), dim=1)
        return F.softplus(lse_p + lse_n).mean()


def get_inputs():
    labels = torch.randint(0, num_classes - 1, (num_samples,))
    labels[0] = num_classes - 1
    centers = torch.randn(num_classes, feat_dim)
    feats = centers[labels] + 1.2 * torch.randn(num_samples, feat_dim)
    return [feats, labels]


def get_init_inputs():
    return [0.25, 16.0]
