"""PageRank power iterations on a directed graph stored by in-edges (CSR: row_ptr over destination nodes,
src = source node of each in-edge) with the out-degree of every node; dangling nodes (out-degree 0) spread
their rank uniformly: r' = (1 - d) / N + d * (sum_{u -> v} r_u / deg_u + sum_{deg_u = 0} r_u / N)."""

import torch
import torch.nn as nn

num_nodes = 300
num_edges = 1500
num_iters = 6


class Model(nn.Module):
    def __init__(self, num_iters: int, damping: float):
        super().__init__()
        self.num_iters = num_iters
        self.damping = damping

    def forward(self, r0, row_ptr, src, out_deg):
        N = r0.shape[0]
        dst = torch.repeat_interleave(torch.arange(N, device=r0.device), row_ptr[1:] - row_ptr[:-1])
        deg = out_deg.to(r0.dtype)
        dangling_mask = out_deg == 0
        r = r0
        for _ in range(self.num_iters):
            dangling = r[dangling_mask].sum()
            contrib = r[src] / deg[src]
            agg = torch.zeros_like(r).index_add_(0, dst, contrib)
            r = (1.0 - self.damping) / N + self.damping * (agg + dangling / N)
        return r


def get_inputs():
    N = num_nodes
    src = torch.randint(N // 10, N, (num_edges,))
    dst = (torch.rand(num_edges) ** 1.5 * N).long().clamp(max=N - 1)
    order = torch.argsort(dst * num_edges + torch.arange(num_edges))
    src, dst = src[order], dst[order]
    row_ptr = torch.zeros(N + 1, dtype=torch.int64)
    row_ptr[1:] = torch.cumsum(torch.bincount(dst, minlength=N), dim=0)
    out_deg = torch.bincount(src, minlength=N)
    r0 = torch.rand(N)
    return [r0 / r0.sum(), row_ptr, src, out_deg]


def get_init_inputs():
    return [num_iters, 0.85]
