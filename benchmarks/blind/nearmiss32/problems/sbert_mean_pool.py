"""Sentence-transformers pooling: attention-mask weighted mean over tokens, then L2 normalisation of the sentence embedding."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 5
seq_len = 24
hidden = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, hidden_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        m = attention_mask.unsqueeze(-1).to(hidden_states.dtype)
        emb = (hidden_states * m).sum(1) / torch.clamp(m.sum(1), min=1e-9)
        return F.normalize(emb, p=2, dim=1)


def get_inputs():
    h = torch.randn(batch_size, seq_len, hidden)
    lengths = torch.randint(1, seq_len + 1, (batch_size,))
    mask = (torch.arange(seq_len)[None, :] < lengths[:, None]).to(torch.int64)
    return [h, mask]


def get_init_inputs():
    return []
