"""Token embedding plus learned absolute position embedding (GPT-2 input layer)."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 16
vocab_size = 1000
embed_dim = 64
max_positions = 64


class Model(nn.Module):
    def __init__(self, vocab_size: int, embed_dim: int, max_positions: int):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, embed_dim)
        self.pos = nn.Embedding(max_positions, embed_dim)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(ids.shape[1], device=ids.device)
        return self.tok(ids) + self.pos(pos)[None, :, :]


def get_inputs():
    return [torch.randint(0, vocab_size, (batch_size, seq_len))]


def get_init_inputs():
    return [vocab_size, embed_dim, max_positions]
