"""S4D convolution kernel (diagonal state-space model, zero-order-hold discretisation):
K[h, l] = 2 * Re( sum_n C[h, n] * (exp(dt_h A[h, n]) - 1) / A[h, n] * exp(dt_h A[h, n] l) ),
with A = -exp(log_A_real) + i * A_imag and the complex C given as (real, imag) pairs."""

import math

import torch
import torch.nn as nn

num_heads = 8
state_dim = 32
seq_len = 100


class Model(nn.Module):
    def __init__(self, seq_len: int):
        super().__init__()
        self.seq_len = seq_len

    def forward(self, log_dt, log_A_real, A_imag, C):
        dt = torch.exp(log_dt)
        Cc = torch.view_as_complex(C.contiguous())
        A = -torch.exp(log_A_real) + 1j * A_imag
        dtA = A * dt.unsqueeze(-1)
        K = dtA.unsqueeze(-1) * torch.arange(self.seq_len, device=A.device)
        Cc = Cc * (torch.exp(dtA) - 1.0) / A
        return 2 * torch.einsum("hn,hnl->hl", Cc, torch.exp(K)).real


def get_inputs():
    log_dt = torch.rand(num_heads) * (math.log(0.1) - math.log(0.001)) + math.log(0.001)
    log_A_real = torch.log(0.5 * torch.ones(num_heads, state_dim)) + 0.1 * torch.randn(num_heads, state_dim)
    A_imag = math.pi * torch.arange(state_dim).float().expand(num_heads, state_dim) + 0.1 * torch.randn(num_heads, state_dim)
    C = torch.randn(num_heads, state_dim, 2) * 0.5 ** 0.5
    return [log_dt, log_A_real, A_imag, C]


def get_init_inputs():
    return [seq_len]
