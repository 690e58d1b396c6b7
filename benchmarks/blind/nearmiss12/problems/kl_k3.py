"""Per-sequence masked mean of the k3 KL estimator exp(r) - r - 1, r = ref_logp - logp (RLHF KL penalty)."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 1500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logp, ref_logp, mask):
        r = ref_logp - logp
        k3 = torch.exp(r) - r - 1.0
        return (k3 * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1.0)


def get_inputs():
    logp = -torch.rand(batch_size, seq_len) * 3.0
    ref_logp = logp + 0.5 * torch.randn(batch_size, seq_len)
    mask = (torch.rand(batch_size, seq_len) > 0.15).float()
    return [logp, ref_logp, mask]


def get_init_inputs():
    return []
