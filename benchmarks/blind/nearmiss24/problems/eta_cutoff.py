"""Eta sampling logits warper (Hewitt et al. 2022, Hugging Face EtaLogitsWarper): tokens whose probability is below
eta = min(epsilon, sqrt(epsilon) * exp(-entropy)) get a fill value, the most likely token is always kept."""

import torch
import torch.nn as nn

batch_size = 12
vocab_size = 1000


class Model(nn.Module):
    def __init__(self, epsilon: float = 3e-4, filter_value: float = -10000.0):
        super().__init__()
        self.epsilon = epsilon
        self.filter_value = filter_value

    def forward(self, scores):
        logp = torch.log_softmax(scores, dim=-1)
        probs = logp.exp()
        entropy = -(probs * logp).sum(-1)
        eps = torch.tensor(self.epsilon, dtype=scores.dtype, device=scores.device)
        eta = torch.minimum(eps, torch.sqrt(eps) * torch.exp(-entropy))
        remove = probs < eta[:, None]
        remove = remove & (scores < scores.max(-1, keepdim=True).values)
        return scores.masked_fill(remove, self.filter_value)


def get_inputs():
    scale = torch.linspace(0.5, 4.0, batch_size)[:, None]
    return [torch.randn(batch_size, vocab_size) * scale]


def get_init_inputs():
    return []
