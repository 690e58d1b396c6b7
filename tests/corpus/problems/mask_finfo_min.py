"""Attention scores with padded keys filled with the dtype's most negative finite value (a Hugging Face-style mask)."""

import torch
import torch.nn as nn

rows = 64
keys = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        cols = torch.arange(scores.shape[1], device=scores.device)
        return scores.masked_fill(cols[None, :] >= lengths[:, None], torch.finfo(scores.dtype).min)


def get_inputs():
    return [torch.randn(rows, keys), torch.randint(1, keys + 1, (rows,))]


def get_init_inputs():
    return []
