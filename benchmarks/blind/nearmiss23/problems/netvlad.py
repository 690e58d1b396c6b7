"""NetVLAD aggregation without ghost clusters (KernelBench level-3 style, no batch norm)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
num_features = 40
feature_size = 32
cluster_size = 16


class Model(nn.Module):
    def __init__(self, cluster_size, feature_size):
        super().__init__()
        init_sc = 1.0 / math.sqrt(feature_size)
        self.clusters = nn.Parameter(init_sc * torch.randn(feature_size, cluster_size))
        self.clusters2 = nn.Parameter(init_sc * torch.randn(1, feature_size, cluster_size))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        assignment = torch.softmax(torch.matmul(x, self.clusters), dim=2)
        a_sum = assignment.sum(dim=1, keepdim=True)
        a = a_sum * self.clusters2
        vlad = torch.matmul(assignment.transpose(1, 2), x).transpose(1, 2)
        vlad = vlad - a
        vlad = F.normalize(vlad, dim=1)
        vlad = vlad.reshape(b, -1)
        return F.normalize(vlad, dim=1)


def get_inputs():
    return [torch.randn(batch_size, num_features, feature_size)]


def get_init_inputs():
    return [cluster_size, feature_size]
