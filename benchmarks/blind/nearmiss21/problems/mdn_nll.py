"""Mixture density network loss: negative log-likelihood of targets under a mixture of diagonal
Gaussians (mixture logits, means, log standard deviations), mean over samples. Returns a 0-d tensor."""

import math

import torch
import torch.nn as nn

num_samples = 57
num_components = 5
out_dim = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pi_logits, mu, log_sigma, y):
        D = y.shape[-1]
        log_pi = torch.log_softmax(pi_logits, dim=-1)
        z = (y[:, None, :] - mu) * torch.exp(-log_sigma)
        comp = -0.5 * (z * z).sum(-1) - log_sigma.sum(-1) - 0.5 * D * math.log(2.0 * math.pi)
        return -torch.logsumexp(log_pi + comp, dim=-1).mean()


def get_inputs():
    pi_logits = torch.randn(num_samples, num_components)
    mu = torch.randn(num_samples, num_components, out_dim)
    log_sigma = 0.5 * torch.randn(num_samples, num_components, out_dim)
    y = torch.randn(num_samples, out_dim)
    return [pi_logits, mu, log_sigma, y]


def get_init_inputs():
    return []
