"""Dense matrix from an uncoalesced COO list (duplicate coordinates are summed)."""

import torch
import torch.nn as nn

num_rows = 40
num_cols = 50
nnz = 6000


class Model(nn.Module):
    def __init__(self, num_rows, num_cols):
        super().__init__()
        self.num_rows = num_rows
        self.num_cols = num_cols

    def forward(self, indices: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
        sp = torch.sparse_coo_tensor(indices, values, (self.num_rows, self.num_cols))
        return sp.coalesce().to_dense()


def get_inputs():
    rows = torch.randint(0, num_rows, (nnz,))
    cols = torch.randint(0, num_cols, (nnz,))
    return [torch.stack((rows, cols)), torch.randn(nnz)]


def get_init_inputs():
    return [num_rows, num_cols]
