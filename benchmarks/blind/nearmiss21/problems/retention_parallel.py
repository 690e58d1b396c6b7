"""RetNet parallel retention: causal decayed q k^T scores, row-normalised by their absolute sum."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 3
seq_len = 37
head_dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        B, H, L, D = q.shape
        h = torch.arange(H, device=q.device, dtype=torch.float32)
        gamma = 1.0 - torch.exp2(-5.0 - h)
        n = torch.arange(L, device=q.device)
        diff = (n[:, None] - n[None, :]).to(torch.float32)
        decay = torch.where(diff >= 0, gamma[:, None, None] ** diff.clamp(min=0), torch.zeros((), device=q.device))
        scores = (q @ k.transpose(-1, -2)) * D ** -0.5 * decay
        scores = scores / scores.abs().sum(dim=-1, keepdim=True).clamp(min=1.0)
        return scores @ v


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, head_dim)
    v = torch.randn(batch_size, num_heads, seq_len, head_dim)
    return [q, k, v]


def get_init_inputs():
    return []
