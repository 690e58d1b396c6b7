"""Bi-tempered logistic loss (Amid et al. 2019), per sample, with the fixed-point tempered softmax."""

import torch
import torch.nn as nn

batch_size = 48
num_classes = 100

T1 = 0.8
T2 = 1.2
NUM_ITERS = 5


def _log_t(u, t):
    return (u.pow(1.0 - t) - 1.0) / (1.0 - t)


def _exp_t(u, t):
    return torch.relu(1.0 + (1.0 - t) * u).pow(1.0 / (1.0 - t))


def _tempered_softmax(a, t, num_iters):
    mu = a.max(dim=-1, keepdim=True).values
    a0 = a - mu
    an = a0
    for _ in range(num_iters):
        z = _exp_t(an, t).sum(dim=-1, keepdim=True)
        an = a0 * z.pow(1.0 - t)
    z = _exp_t(an, t).sum(dim=-1, keepdim=True)
    norm = -_log_t(1.0 / z, t) + mu
    return _exp_t(a - norm, t)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, activations: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        probs = _tempered_softmax(activations, T2, NUM_ITERS)
        onehot = torch.nn.functional.one_hot(labels, activations.shape[-1]).to(activations.dtype)
        temp1 = (_log_t(onehot + 1e-10, T1) - _log_t(probs, T1)) * onehot
        temp2 = (onehot.pow(2.0 - T1) - probs.pow(2.0 - T1)) / (2.0 - T1)
        return (temp1 - temp2).sum(dim=-1)


def get_inputs():
    activations = torch.randn(batch_size, num_classes) * 3.0
    labels = torch.randint(0, num_classes, (batch_size,))
    return [activations, labels]


def get_init_inputs():
    return []
