"""K nearest neighbours between point clouds with per-cloud lengths (pytorch3d.ops.knn_points, K = 4,
sorted): returns the squared distances (batch, n_query, K); points of p2 at index >= lengths2[b] are
padding and ignored."""

import torch
import torch.nn as nn

batch_size = 2
num_query = 64
num_points = 100
K = 4


class Model(nn.Module):
    def __init__(self, K: int = 1):
        super().__init__()
        self.K = K

    def forward(self, p1: torch.Tensor, p2: torch.Tensor, lengths2: torch.Tensor) -> torch.Tensor:
        d = ((p1.unsqueeze(2) - p2.unsqueeze(1)) ** 2).sum(-1)
        pad = torch.arange(p2.shape[1], device=p2.device)[None, None, :] >= lengths2[:, None, None]
        d = d.masked_fill(pad, float("inf"))
        return d.topk(self.K, dim=-1, largest=False, sorted=True).values


def get_inputs():
    p1 = torch.rand(batch_size, num_query, 3)
    p2 = torch.rand(batch_size, num_points, 3)
    lengths2 = torch.randint(num_points // 2, num_points, (batch_size,))
    return [p1, p2, lengths2]


def get_init_inputs():
    return [K]
