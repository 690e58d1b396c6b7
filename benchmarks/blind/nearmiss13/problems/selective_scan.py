"""Mamba selective scan (diagonal SSM with input-dependent step, B and C) with a skip term."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
d_inner = 16
d_state = 8
seq_len = 32


class Model(nn.Module):
    def __init__(self, d_inner: int, d_state: int):
        super().__init__()
        self.A_log = nn.Parameter(torch.log(torch.rand(d_inner, d_state) * 0.9 + 0.1))
        self.D = nn.Parameter(torch.randn(d_inner))

    def forward(self, x, delta, Bm, Cm):
        A = -torch.exp(self.A_log)
        dt = F.softplus(delta)
        h = x.new_zeros(x.shape[0], x.shape[1], A.shape[1])
        ys = []
        for t in range(x.shape[2]):
            dA = torch.exp(dt[:, :, t, None] * A)
            dBx = dt[:, :, t, None] * Bm[:, None, :, t] * x[:, :, t, None]
            h = dA * h + dBx
            ys.append((h * Cm[:, None, :, t]).sum(-1))
        return torch.stack(ys, dim=-1) + self.D[None, :, None] * x


def get_inputs():
    return [torch.randn(batch_size, d_inner, seq_len), torch.randn(batch_size, d_inner, seq_len) - 1.0,
            torch.randn(batch_size, d_state, seq_len), torch.randn(batch_size, d_state, seq_len)]


def get_init_inputs():
    return [d_inner, d_state]
