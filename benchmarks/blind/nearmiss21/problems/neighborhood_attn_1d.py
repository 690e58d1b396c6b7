"""1-D neighborhood attention (NATTEN style): each query attends to a window of kernel_size keys,
shifted inward at the sequence ends so that every window holds kernel_size keys."""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 2
seq_len = 29
head_dim = 16
kernel_size = 7


class Model(nn.Module):
    def __init__(self, kernel_size: int):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        B, H, L, D = q.shape
        K = self.kernel_size
        i = torch.arange(L, device=q.device)
        start = (i - K // 2).clamp(min=0, max=L - K)
        idx = start[:, None] + torch.arange(K, device=q.device)[None, :]
        kk = k[:, :, idx]
        vv = v[:, :, idx]
        s = (q[:, :, :, None, :] * kk).sum(-1) * D ** -0.5
        p = torch.softmax(s, dim=-1)
        return (p[..., None] * vv).sum(-2)


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, head_dim)
    v = torch.randn(batch_size, num_heads, seq_len, head_dim)
    return [q, k, v]


def get_init_inputs():
    return [kernel_size]
