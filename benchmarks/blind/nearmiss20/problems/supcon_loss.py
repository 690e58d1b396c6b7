"""Supervised contrastive loss (Khosla et al. 2020; HobbitLong/SupContrast, one view per sample).

Features are L2-normalised; logits = f f^T / T with the anchor itself excluded; for each anchor the
mean log-probability of its positives (same label) is taken (anchors without a positive count one
pair and get 0); loss = -(T / base_T) * that mean, averaged over anchors.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_samples = 96
feat_dim = 32
num_labels = 10


class Model(nn.Module):
    def __init__(self, temperature: float = 0.1, base_temperature: float = 0.07):
        super().__init__()
        self.t = temperature
        self.base_t = base_temperature

    def forward(self, features: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        f = F.normalize(features, dim=1)
        n = f.shape[0]
        logits = f @ f.T / self.t
        logits = logits - logits.max(dim=1, keepdim=True).values.detach()
        self_mask = ~torch.eye(n, dtype=torch.bool, device=f.device)
        pos = (labels[:, None] == labels[None, :]) & self_mask
        exp_logits = torch.exp(logits) * self_mask
        log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
        npos = pos.sum(1).to(f.dtype)
        npos = torch.where(npos < 1e-6, torch.ones_like(npos), npos)
        mean_log_prob_pos = (pos * log_prob).sum(1) / npos
        return (-(self.t / self.base_t) * mean_log_prob_pos).mean()


def get_inputs():
    labels = torch.randint(0, num_labels, (num_samples,))
    labels[0] = num_labels
    centers = torch.randn(num_labels + 1, feat_dim)
    features = centers[labels] + 0.8 * torch.randn(num_samples, feat_dim)
    return [features, labels]


def get_init_inputs():
    return []
