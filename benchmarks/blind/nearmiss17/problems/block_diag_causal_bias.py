"""Apply a block-diagonal causal mask (packed variable-length sequences, xformers BlockDiagonalCausalMask) to attention scores."""

import torch
import torch.nn as nn

num_heads = 2
num_tokens = 96
num_seqs = 5


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, seqlens: torch.Tensor) -> torch.Tensor:
        n = scores.shape[-1]
        seq_id = torch.repeat_interleave(torch.arange(seqlens.shape[0], device=scores.device), seqlens)
        pos = torch.arange(n, device=scores.device)
        allowed = (seq_id[:, None] == seq_id[None, :]) & (pos[None, :] <= pos[:, None])
        return scores.masked_fill(~allowed, float("-inf"))


def get_inputs():
    cuts = torch.sort(torch.randperm(num_tokens - 1)[: num_seqs - 1] + 1).values
    bounds = torch.cat([torch.zeros(1, dtype=torch.long), cuts, torch.full((1,), num_tokens, dtype=torch.long)])
    seqlens = bounds[1:] - bounds[:-1]
    return [torch.randn(num_heads, num_tokens, num_tokens), seqlens]


def get_init_inputs():
    return []
