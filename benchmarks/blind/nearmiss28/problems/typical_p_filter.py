"""Locally typical sampling warper (Meister et al. 2022, as in Hugging Face `TypicalLogitsWarper`)."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 100

FILTER_VALUE = -1000.0


class Model(nn.Module):
    def __init__(self, mass: float):
        super().__init__()
        self.mass = mass

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        # scores: (B, V) logits; returns (B, V) logits with the atypical tokens set to FILTER_VALUE
        normalized = torch.log_softmax(scores, dim=-1)
        p = normalized.exp()
        ent = -(normalized * p).sum(-1, keepdim=True)
        shifted = (-normalized - ent).abs()
        sorted_shifted, order = torch.sort(shifted, dim=-1, stable=True)
        sorted_logits = scores.gather(-1, order)
        cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        last = (cum < self.mass).sum(dim=1).clamp(max=scores.shape[-1] - 1)
        remove_sorted = sorted_shifted > sorted_shifted.gather(1, last.view(-1, 1))
        remove_sorted[..., :1] = False
        remove = remove_sorted.scatter(1, order, remove_sorted)
        return scores.masked_fill(remove, FILTER_VALUE)


def get_inputs():
    scale = 1.0 + 2.0 * torch.rand(batch_size, 1)
    return [scale * torch.randn(batch_size, vocab_size)]


def get_init_inputs():
    return [0.9]
