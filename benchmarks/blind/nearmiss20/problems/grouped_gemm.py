"""Grouped GEMM over contiguous token groups (MoE expert matmul; Triton grouped-GEMM tutorial).

x holds the tokens of every group back to back (group g owns group_sizes[g] rows, some groups are
empty); out[rows of g] = x[rows of g] @ w[g].
"""

import torch
import torch.nn as nn

num_groups = 5
max_group_tokens = 40
in_features = 64
out_features = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, w: torch.Tensor, group_sizes: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(x.shape[0], w.shape[2], dtype=x.dtype, device=x.device)
        start = 0
        for g, n in enumerate(group_sizes.tolist()):
            out[start:start + n] = x[start:start + n] @ w[g]
            start += n
        return out


def get_inputs():
    sizes = torch.randint(1, max_group_tokens + 1, (num_groups,))
    sizes[1] = 0
    x = torch.randn(int(sizes.sum()), in_features)
    w = torch.randn(num_groups, in_features, out_features) / 8.0
    return [x, w, sizes]


def get_init_inputs():
    return []
