"""GSPO policy loss: sequence-level importance ratio exp(mean_t(logp - old_logp)) over each response's valid tokens, clipped PPO-style objective."""

import torch
import torch.nn as nn

batch_size = 12
seq_len = 80


class Model(nn.Module):
    def __init__(self, eps_low: float = 3e-3, eps_high: float = 4e-3):
        super().__init__()
        self.eps_low = eps_low
        self.eps_high = eps_high

    def forward(self, logp, old_logp, advantages, lengths):
        T = logp.shape[1]
        mask = (torch.arange(T, device=logp.device)[None, :] < lengths[:, None]).to(logp.dtype)
        log_ratio = ((logp - old_logp) * mask).sum(1) / lengths.to(logp.dtype)
        ratio = torch.exp(log_ratio)
        unclipped = ratio * advantages
        clipped = torch.clamp(ratio, 1.0 - self.eps_low, 1.0 + self.eps_high) * advantages
        return -torch.minimum(unclipped, clipped).mean()


def get_inputs():
    logp = -torch.rand(batch_size, seq_len) * 3.0
    old_logp = logp + 0.5 * torch.randn(batch_size, seq_len)
    advantages = torch.randn(batch_size)
    lengths = torch.randint(8, seq_len * 3 // 4 + 1, (batch_size,))
    return [logp, old_logp, advantages, lengths]


def get_init_inputs():
    return []
