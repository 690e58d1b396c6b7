"""Single-head GAT aggregation over a CSR graph (edges grouped by target): attention logits
LeakyReLU(a_src . h_j + a_dst . h_i), a softmax over each node's incoming edges, and the weighted sum of the source
features. Nodes without incoming edges get zeros."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_nodes = 60
num_edges = 420
num_features = 24
num_targets = 24


class Model(nn.Module):
    def __init__(self, num_features: int, negative_slope: float = 0.2):
        super().__init__()
        self.negative_slope = negative_slope
        self.att_src = nn.Parameter(torch.randn(num_features) * 0.4)
        self.att_dst = nn.Parameter(torch.randn(num_features) * 0.4)

    def forward(self, h, indptr, indices):
        N = h.shape[0]
        deg = indptr[1:] - indptr[:-1]
        dst = torch.repeat_interleave(torch.arange(N, device=h.device), deg)
        a_s = h @ self.att_src
        a_d = h @ self.att_dst
        e = F.leaky_relu(a_s[indices] + a_d[dst], self.negative_slope)
        e_max = torch.full((N,), -float("inf"), dtype=h.dtype, device=h.device).scatter_reduce(
            0, dst, e, reduce="amax", include_self=True)
        w = torch.exp(e - e_max[dst])
        den = torch.zeros(N, dtype=h.dtype, device=h.device).index_add_(0, dst, w)
        alpha = w / den[dst]
        return torch.zeros_like(h).index_add_(0, dst, alpha[:, None] * h[indices])


def get_inputs():
    h = torch.randn(num_nodes, num_features)
    weights = torch.linspace(0.2, 3.0, num_targets)
    targets = torch.randperm(num_nodes)[:num_targets]
    dst = targets[torch.multinomial(weights, num_edges, replacement=True)]
    src = torch.randint(0, num_nodes, (num_edges,))
    order = torch.argsort(dst * num_nodes + src)
    dst, src = dst[order], src[order]
    indptr = torch.zeros(num_nodes + 1, dtype=torch.int64)
    indptr[1:] = torch.cumsum(torch.bincount(dst, minlength=num_nodes), 0)
    return [h, indptr, src]


def get_init_inputs():
    return [num_features]
