"""One decoding step of a depthwise causal conv1d with a rolling state, then SiLU (vLLM / Mamba causal_conv1d_update)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
dim = 96
kernel_width = 4


class Model(nn.Module):
    def __init__(self, dim: int, kernel_width: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim, kernel_width) * 0.5)
        self.bias = nn.Parameter(torch.randn(dim) * 0.1)

    def forward(self, x, conv_state):
        state = torch.cat([conv_state[:, :, 1:], x.unsqueeze(-1)], dim=-1)
        out = (state * self.weight).sum(-1) + self.bias
        return F.silu(out)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim, kernel_width)]


def get_init_inputs():
    return [dim, kernel_width]
