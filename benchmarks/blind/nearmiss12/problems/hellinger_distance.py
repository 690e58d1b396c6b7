"""Hellinger distance between matching rows of two discrete distributions."""

import torch
import torch.nn as nn

batch_size = 16
num_bins = 1001


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p, q):
        return torch.sqrt(0.5 * ((torch.sqrt(p) - torch.sqrt(q)) ** 2).sum(dim=1))


def get_inputs():
    p = torch.softmax(torch.randn(batch_size, num_bins), dim=1)
    q = torch.softmax(torch.randn(batch_size, num_bins), dim=1)
    return [p, q]


def get_init_inputs():
    return []
