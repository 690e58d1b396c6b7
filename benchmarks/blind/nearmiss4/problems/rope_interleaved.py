import torch
import torch.nn as nn

batch_size = 3
seq_len = 29
num_heads = 5
head_dim = 32


class Model(nn.Module):
    """Rotary embedding on interleaved pairs (x[2i], x[2i+1]); cos/sin tables of shape (S, D/2) are inputs."""

    def __init__(self):
        super().__init__()

    def forward(self, x, cos, sin):
        x0 = x[..., 0::2]
        x1 = x[..., 1::2]
        c = cos[None, :, None, :]
        s = sin[None, :, None, :]
        out = torch.stack([x0 * c - x1 * s, x0 * s + x1 * c], dim=-1)
        return out.flatten(-2)


def get_inputs():
    ang = torch.rand(seq_len, head_dim // 2) * 6.0
    return [torch.randn(batch_size, seq_len, num_heads, head_dim), ang.cos(), ang.sin()]


def get_init_inputs():
    return []
