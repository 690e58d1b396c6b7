"""Speculative-decoding rejection sampler, recovered distribution: target and draft probabilities are
softmaxes of temperature-scaled logits; the resampling distribution after a rejection is
max(p - q, 0) normalised over the vocabulary (all-zero rows stay zero)."""

import torch
import torch.nn as nn

batch_size = 8
vocab_size = 1000


class Model(nn.Module):
    def __init__(self, temperature=0.8):
        super().__init__()
        self.temperature = temperature

    def forward(self, target_logits, draft_logits):
        p = torch.softmax(target_logits / self.temperature, dim=-1)
        q = torch.softmax(draft_logits / self.temperature, dim=-1)
        r = torch.clamp(p - q, min=0.0)
        return r / torch.clamp(r.sum(dim=-1, keepdim=True), min=1e-20)


def get_inputs():
    t = torch.randn(batch_size, vocab_size) * 2.0
    return [t, t + torch.randn(batch_size, vocab_size) * 0.7]


def get_init_inputs():
    return []
