"""Deep Interest Network local activation unit: MLP scores on [q, k, q - k, q * k], length-masked weighted sum pooling."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 50
dim = 24
hidden = 36


class Model(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.w1 = nn.Parameter(0.3 * torch.randn(4 * dim, hidden))
        self.b1 = nn.Parameter(0.1 * torch.randn(hidden))
        self.w2 = nn.Parameter(torch.randn(hidden))
        self.b2 = nn.Parameter(0.1 * torch.randn(1))

    def forward(self, query: torch.Tensor, keys: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        q = query.unsqueeze(1).expand_as(keys)
        feat = torch.cat([q, keys, q - keys, q * keys], dim=2)
        h = torch.sigmoid(feat @ self.w1 + self.b1)
        score = h @ self.w2 + self.b2
        pos = torch.arange(keys.shape[1], device=keys.device)
        score = torch.where(pos.unsqueeze(0) < lengths.unsqueeze(1), score, torch.zeros_like(score))
        return (score.unsqueeze(2) * keys).sum(dim=1)


def get_inputs():
    query = torch.randn(batch_size, dim)
    keys = torch.randn(batch_size, seq_len, dim)
    lengths = torch.randint(1, seq_len + 1, (batch_size,))
    lengths[0] = seq_len
    lengths[-1] = 3
    return [query, keys, lengths]


def get_init_inputs():
    return [dim, hidden]
