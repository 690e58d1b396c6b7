"""Generalised Jensen-Shannon divergence between two distributions given as log-probabilities,
summed over the vocabulary and averaged over the batch."""

import torch
import torch.nn as nn

batch_size = 8
vocab = 2001
beta = 0.3


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, log_q: torch.Tensor, log_p: torch.Tensor) -> torch.Tensor:
        p = log_p.exp()
        q = log_q.exp()
        m = self.beta * p + (1.0 - self.beta) * q
        log_m = m.log()
        kl_p = (p * (log_p - log_m)).sum()
        kl_q = (q * (log_q - log_m)).sum()
        return (self.beta * kl_p + (1.0 - self.beta) * kl_q) / log_q.shape[0]


def get_inputs():
    log_q = torch.log_softmax(torch.randn(batch_size, vocab), dim=-1)
    log_p = torch.log_softmax(torch.randn(batch_size, vocab) * 2.0, dim=-1)
    return [log_q, log_p]


def get_init_inputs():
    return [beta]
