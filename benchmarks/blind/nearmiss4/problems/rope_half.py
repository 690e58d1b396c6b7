import torch
import torch.nn as nn

batch_size = 2
seq_len = 37
num_heads = 4
head_dim = 64
max_len = 64


class Model(nn.Module):
    """Rotary embedding, rotate-half layout, on x of shape (B, S, H, D)."""

    def __init__(self, head_dim, max_len):
        super().__init__()
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2).float() / head_dim))
        ang = torch.arange(max_len).float()[:, None] * inv_freq[None, :]
        ang = torch.cat([ang, ang], dim=-1)
        self.register_buffer("cos", ang.cos())
        self.register_buffer("sin", ang.sin())

    def forward(self, x):
        s = x.shape[1]
        cos = self.cos[:s][None, :, None, :]
        sin = self.sin[:s][None, :, None, :]
        half = x.shape[-1] // 2
        rot = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
        return x * cos + rot * sin


def get_inputs():
    return [torch.randn(batch_size, seq_len, num_heads, head_dim)]


def get_init_inputs():
    return [head_dim, max_len]
