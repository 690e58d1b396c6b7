"""Start offset of each expert's tokens: the exclusive prefix sum of per-expert token counts
(one row of counts per routing group), as used to lay out a grouped MoE matmul."""

import torch
import torch.nn as nn

num_groups = 8
num_experts = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, counts: torch.Tensor) -> torch.Tensor:
        # int32 counts -> int64 offsets; offsets[g, e] = sum(counts[g, :e])
        return torch.cumsum(counts, dim=1) - counts.to(torch.int64)


def get_inputs():
    return [torch.randint(0, 16, (num_groups, num_experts), dtype=torch.int32)]


def get_init_inputs():
    return []
