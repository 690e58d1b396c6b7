"""Scatter softmax (torch_scatter.scatter_softmax semantics, dim 0): rows of src grouped by an unsorted segment
index; within each segment and feature column, out = exp(src - segment max) / segment sum of the same."""

import torch
import torch.nn as nn

num_edges = 300
num_features = 8
num_segments = 40


class Model(nn.Module):
    def __init__(self, num_segments: int):
        super().__init__()
        self.num_segments = num_segments

    def forward(self, src, index):
        S, F = self.num_segments, src.shape[1]
        idx = index[:, None].expand_as(src)
        mx = torch.full((S, F), float("-inf"), device=src.device, dtype=src.dtype)
        mx = mx.scatter_reduce(0, idx, src, reduce="amax", include_self=True)
        e = (src - mx.gather(0, idx)).exp()
        den = torch.zeros(S, F, device=src.device, dtype=src.dtype).scatter_add(0, idx, e)
        return e / den.gather(0, idx)


def get_inputs():
    src = torch.randn(num_edges, num_features)
    index = torch.randint(0, num_segments, (num_edges,))
    return [src, index]


def get_init_inputs():
    return [num_segments]
