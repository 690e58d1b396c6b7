"""Forgetting attention (Forgetting Transformer): causal softmax attention whose logits get the cumulative
log-sigmoid forget-gate bias F_i - F_j."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 1
num_heads = 2
seq_len = 48
head_dim = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, fgate):
        t, d = q.shape[-2], q.shape[-1]
        cum = torch.cumsum(F.logsigmoid(fgate), dim=-1)
        s = torch.matmul(q, k.transpose(-1, -2)) * d ** -0.5 + cum[..., :, None] - cum[..., None, :]
        causal = torch.ones(t, t, dtype=torch.bool, device=q.device).tril()
        s = s.masked_fill(~causal, float("-inf"))
        return torch.matmul(torch.softmax(s, dim=-1), v)


def get_inputs():
    shape = (batch_size, num_heads, seq_len, head_dim)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape),
            torch.randn(batch_size, num_heads, seq_len) + 1.0]


def get_init_inputs():
    return []
