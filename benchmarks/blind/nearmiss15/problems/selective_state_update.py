"""One decoding step of a Mamba selective state-space layer (selective_state_update):
dt = softplus(dt + dt_bias), state' = state * exp(dt * A) + (dt * x) B, y = (state' . C + D x) * silu(z)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
dim = 96
dstate = 16


class Model(nn.Module):
    def __init__(self, dim, dstate):
        super().__init__()
        self.A_log = nn.Parameter(torch.randn(dim, dstate) * 0.5)
        self.D = nn.Parameter(torch.randn(dim))
        self.dt_bias = nn.Parameter(torch.randn(dim) * 0.5)

    def forward(self, state, x, dt, B, C, z):
        dt = F.softplus(dt + self.dt_bias)
        A = -torch.exp(self.A_log)
        dA = torch.exp(dt[:, :, None] * A[None])
        dBx = (dt * x)[:, :, None] * B[:, None, :]
        new_state = state * dA + dBx
        y = (new_state * C[:, None, :]).sum(-1) + self.D * x
        return y * F.silu(z)


def get_inputs():
    return [
        torch.randn(batch_size, dim, dstate),
        torch.randn(batch_size, dim),
        torch.randn(batch_size, dim),
        torch.randn(batch_size, dstate),
        torch.randn(batch_size, dstate),
        torch.randn(batch_size, dim),
    ]


def get_init_inputs():
    return [dim, dstate]
