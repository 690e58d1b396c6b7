"""Mixture-of-experts output combine: weighted sum of each token's top-k expert outputs, read from
the expert-sorted buffer through the permutation indices."""

import torch
import torch.nn as nn

num_tokens = 128
top_k = 2
dim = 64


class Model(nn.Module):
    """out[t] = sum_k weights[t, k] * expert_out[index[t, k]]."""

    def __init__(self):
        super().__init__()

    def forward(self, expert_out: torch.Tensor, weights: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
        return (weights[..., None] * expert_out[index]).sum(dim=1)


def get_inputs():
    y = torch.randn(num_tokens * top_k, dim)
    w = torch.softmax(torch.randn(num_tokens, top_k), dim=-1)
    idx = torch.randperm(num_tokens * top_k).reshape(num_tokens, top_k)
    return [y, w, idx]


def get_init_inputs():
    return []
