"""Exponential-moving-average codebook update of a vector quantiser (per-code counts and sums,
decayed, Laplace-smoothed cluster sizes); returns the new codebook."""

import torch
import torch.nn as nn

num_vectors = 1000
num_codes = 20
code_dim = 40


class Model(nn.Module):
    def __init__(self, decay: float = 0.99, eps: float = 1e-5):
        super().__init__()
        self.decay = decay
        self.eps = eps

    def forward(self, x, codes, cluster_size, embed_avg):
        K = cluster_size.shape[0]
        ones = torch.ones(codes.shape[0], device=x.device, dtype=x.dtype)
        counts = torch.zeros(K, device=x.device, dtype=x.dtype).index_add_(0, codes, ones)
        sums = torch.zeros_like(embed_avg).index_add_(0, codes, x)
        cs = self.decay * cluster_size + (1.0 - self.decay) * counts
        ea = self.decay * embed_avg + (1.0 - self.decay) * sums
        n = cs.sum()
        cs = (cs + self.eps) / (n + K * self.eps) * n
        return ea / cs[:, None]


def get_inputs():
    x = torch.randn(num_vectors, code_dim)
    codes = torch.randint(0, num_codes, (num_vectors,))
    cluster_size = torch.rand(num_codes) * 5.0 + 1.0
    embed_avg = torch.randn(num_codes, code_dim) * cluster_size[:, None]
    return [x, codes, cluster_size, embed_avg]


def get_init_inputs():
    return [0.99, 1e-5]
