"""DLRM dot interaction: the dense feature vector and the sparse embeddings are stacked, all pairwise dot products
are taken and the strictly-lower triangle (row-major) is concatenated after the dense vector."""

import torch
import torch.nn as nn

batch_size = 32
num_sparse = 8
embed_dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, dense, sparse):
        B, F, D = sparse.shape
        t = torch.cat([dense[:, None, :], sparse], 1)
        z = torch.bmm(t, t.transpose(1, 2))
        li, lj = torch.tril_indices(F + 1, F + 1, offset=-1, device=dense.device)
        return torch.cat([dense, z[:, li, lj]], 1)


def get_inputs():
    dense = torch.randn(batch_size, embed_dim)
    sparse = torch.randn(batch_size, num_sparse, embed_dim) * 0.7
    return [dense, sparse]


def get_init_inputs():
    return []
