"""GRPO / DAPO token loss (TRL, Liger style): token log-probabilities from temperature-scaled logits,
asymmetric clipped policy-gradient term plus a k3 KL penalty to the reference policy, averaged over
each sequence's unmasked tokens and then over the batch. Returns a 0-d tensor."""

import torch
import torch.nn as nn

batch_size = 3
seq_len = 13
vocab_size = 67


class Model(nn.Module):
    def __init__(self, beta: float, eps_low: float, eps_high: float, temperature: float):
        super().__init__()
        self.beta = beta
        self.eps_low = eps_low
        self.eps_high = eps_high
        self.temperature = temperature

    def forward(self, logits, ids, old_logp, ref_logp, advantages, mask):
        logp = torch.log_softmax(logits / self.temperature, dim=-1).gather(-1, ids[..., None]).squeeze(-1)
        ratio = torch.exp(logp - old_logp)
        clipped = ratio.clamp(1.0 - self.eps_low, 1.0 + self.eps_high)
        adv = advantages[:, None]
        pg = -torch.minimum(ratio * adv, clipped * adv)
        d = ref_logp - logp
        kl = torch.exp(d) - d - 1.0
        tok = (pg + self.beta * kl) * mask
        per_seq = tok.sum(1) / mask.sum(1).clamp(min=1.0)
        return per_seq.mean()


def get_inputs():
    logits = torch.randn(batch_size, seq_len, vocab_size) * 2.0
    ids = torch.randint(0, vocab_size, (batch_size, seq_len))
    logp = torch.log_softmax(logits / 0.7, dim=-1).gather(-1, ids[..., None]).squeeze(-1)
    old_logp = logp + 0.5 * torch.randn(batch_size, seq_len)
    ref_logp = logp + 0.3 * torch.randn(batch_size, seq_len)
    advantages = 2.0 * torch.randn(batch_size)
    advantages[0] = advantages[0].abs() + 1.0
    advantages[1] = -advantages[1].abs() - 1.0
    mask = torch.ones(batch_size, seq_len)
    for b in range(batch_size):
        mask[b, seq_len - 1 - 2 * b:] = 0.0
    return [logits, ids, old_logp, ref_logp, advantages, mask]


def get_init_inputs():
    return [0.04, 0.15, 0.35, 0.7]
