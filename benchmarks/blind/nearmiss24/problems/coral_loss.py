"""Deep CORAL loss: squared Frobenius distance between the (unbiased) feature covariances of a source and a
target batch, divided by 4 d^2."""

import torch
import torch.nn as nn

num_source = 50
num_target = 37
feature_dim = 24


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, source, target):
        d = source.shape[1]
        xs = source - source.mean(0, keepdim=True)
        xt = target - target.mean(0, keepdim=True)
        cs = xs.t() @ xs / (source.shape[0] - 1)
        ct = xt.t() @ xt / (target.shape[0] - 1)
        return ((cs - ct) ** 2).sum() / (4.0 * d * d)


def get_inputs():
    source = torch.randn(num_source, feature_dim) + 1.0
    mix = torch.randn(feature_dim, feature_dim) * 0.4 + torch.eye(feature_dim)
    target = torch.randn(num_target, feature_dim) @ mix - 0.5
    return [source, target]


def get_init_inputs():
    return []
