"""Position ids from an attention mask (padded tokens get position 1), as in Hugging Face generation."""

import torch
import torch.nn as nn

batch_size = 16
seq_len = 777


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, attention_mask: torch.Tensor) -> torch.Tensor:
        pos = attention_mask.long().cumsum(-1) - 1
        return pos.masked_fill(attention_mask == 0, 1)


def get_inputs():
    return [(torch.rand(batch_size, seq_len) > 0.2).long()]


def get_init_inputs():
    return []
