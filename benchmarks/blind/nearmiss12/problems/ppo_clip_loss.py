"""PPO clipped surrogate policy loss, averaged over the unmasked tokens."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 1000


class Model(nn.Module):
    def __init__(self, clip_eps=0.2):
        super().__init__()
        self.clip_eps = clip_eps

    def forward(self, logp, old_logp, advantages, mask):
        ratio = torch.exp(logp - old_logp)
        s1 = ratio * advantages
        s2 = torch.clamp(ratio, 1.0 - self.clip_eps, 1.0 + self.clip_eps) * advantages
        loss = -torch.minimum(s1, s2)
        return (loss * mask).sum() / mask.sum()


def get_inputs():
    logp = -torch.rand(batch_size, seq_len) * 2.0
    old_logp = logp + 0.3 * torch.randn(batch_size, seq_len)
    advantages = torch.randn(batch_size, seq_len)
    mask = (torch.rand(batch_size, seq_len) > 0.1).float()
    return [logp, old_logp, advantages, mask]


def get_init_inputs():
    return [0.2]
