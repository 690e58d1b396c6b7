"""LM-head projection followed by token cross-entropy (the fused-linear-cross-entropy pattern): logits =
hidden @ W^T, mean cross-entropy over the tokens whose target is not ignore_index (-100)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_tokens = 24
hidden = 120
vocab_size = 300


class Model(nn.Module):
    def __init__(self, hidden, vocab_size):
        super().__init__()
        self.lm_head = nn.Linear(hidden, vocab_size, bias=False)

    def forward(self, h, target):
        logits = self.lm_head(h)
        return F.cross_entropy(logits, target, ignore_index=-100)


def get_inputs():
    target = torch.randint(0, vocab_size, (num_tokens,))
    target = torch.where(torch.rand(num_tokens) < 0.2, torch.full_like(target, -100), target)
    return [torch.randn(num_tokens, hidden) * 4.0, target]


def get_init_inputs():
    return [hidden, vocab_size]
