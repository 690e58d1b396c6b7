import torch
import torch.nn as nn

batch_size = 2
num_heads = 4
seq_len = 32
head_dim = 32


class Model(nn.Module):
    """Rotary position embedding, half-split (GPT-NeoX) layout. cos/sin are (S, D/2)."""

    def __init__(self):
        super().__init__()

    def forward(self, x, cos, sin):
        half = x.shape[-1] // 2
        x1, x2 = x[..., :half], x[..., half:]
        return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)


def get_inputs():
    x = torch.randn(batch_size, num_heads, seq_len, head_dim)
    inv_freq = 1.0 / (10000 ** (torch.arange(0, head_dim, 2).float() / head_dim))
    angles = torch.arange(seq_len).float()[:, None] * inv_freq[None, :]
    return [x, torch.cos(angles), torch.sin(angles)]


def get_init_inputs():
    return []
