"""Spectral normalisation of a weight by one power iteration from a given u."""

import torch
import torch.nn as nn
import torch.nn.functional as F

out_features = 48
in_features = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, weight: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        v = F.normalize(weight.t() @ u, dim=0, eps=1e-12)
        wv = weight @ v
        u2 = F.normalize(wv, dim=0, eps=1e-12)
        sigma = torch.dot(u2, wv)
        return weight / sigma


def get_inputs():
    return [torch.randn(out_features, in_features), torch.randn(out_features)]


def get_init_inputs():
    return []
