"""Mixture of softmaxes output layer (Yang et al. 2018): log of a prior-weighted sum of K softmaxes."""

import torch
import torch.nn as nn

batch_size = 6
num_mixtures = 4
vocab_size = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, prior_logits: torch.Tensor) -> torch.Tensor:
        log_prior = torch.log_softmax(prior_logits, dim=1)
        log_comp = torch.log_softmax(logits, dim=2)
        return torch.logsumexp(log_prior.unsqueeze(2) + log_comp, dim=1)


def get_inputs():
    logits = 4.0 * torch.randn(batch_size, num_mixtures, vocab_size)
    prior_logits = 2.0 * torch.randn(batch_size, num_mixtures)
    return [logits, prior_logits]


def get_init_inputs():
    return []
