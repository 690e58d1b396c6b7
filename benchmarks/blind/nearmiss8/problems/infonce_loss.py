"""InfoNCE / CLIP-style contrastive loss: cross-entropy of the scaled similarity matrix a @ b^T
against the diagonal."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_pairs = 96
dim = 32
temperature = 0.1


class Model(nn.Module):
    def __init__(self, temperature: float):
        super().__init__()
        self.temperature = temperature

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        logits = a @ b.t() / self.temperature
        labels = torch.arange(a.shape[0], device=a.device)
        return F.cross_entropy(logits, labels)


def get_inputs():
    a = F.normalize(torch.randn(num_pairs, dim), dim=-1)
    b = F.normalize(torch.randn(num_pairs, dim), dim=-1)
    return [a, b]


def get_init_inputs():
    return [temperature]
