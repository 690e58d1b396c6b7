"""GCN propagation D^-1/2 (A + I) D^-1/2 X over a directed edge list (source -> target flow, degrees on the
target, self loops added), as in PyG's gcn_norm + propagate."""

import torch
import torch.nn as nn

num_nodes = 60
num_edges = 240
num_features = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, edge_index):
        n = x.shape[0]
        loops = torch.arange(n, device=x.device)
        row = torch.cat([edge_index[0], loops])
        col = torch.cat([edge_index[1], loops])
        deg = torch.zeros(n, device=x.device).scatter_add_(0, col, torch.ones(col.shape[0], device=x.device))
        dinv = deg.pow(-0.5)
        norm = dinv[row] * dinv[col]
        out = torch.zeros_like(x)
        out.index_add_(0, col, x[row] * norm[:, None])
        return out


def get_inputs():
    x = torch.randn(num_nodes, num_features)
    src = torch.randint(0, num_nodes, (num_edges,))
    dst = (torch.randint(0, num_nodes // 2, (num_edges,)) * 2) % num_nodes
    return [x, torch.stack([src, dst])]


def get_init_inputs():
    return []
