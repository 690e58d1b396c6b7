"""Last-token pooling of right-padded sequences: the hidden state at the last position kept by the attention mask."""

import torch
import torch.nn as nn

batch_size = 16
seq_len = 50
hidden = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, hidden_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        last = attention_mask.sum(dim=1) - 1
        rows = torch.arange(hidden_states.shape[0], device=hidden_states.device)
        return hidden_states[rows, last]


def get_inputs():
    hidden_states = torch.randn(batch_size, seq_len, hidden)
    lengths = torch.randint(1, seq_len, (batch_size,))
    lengths[0] = seq_len
    attention_mask = (torch.arange(seq_len)[None, :] < lengths[:, None]).long()
    return [hidden_states, attention_mask]


def get_init_inputs():
    return []
