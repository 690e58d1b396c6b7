"""Backward of SwiGLU, y = silu(a) * b: the gradients w.r.t. a and b, concatenated on the last dim."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
dim = 1001


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        with torch.enable_grad():
            ag = a.detach().requires_grad_(True)
            bg = b.detach().requires_grad_(True)
            y = F.silu(ag) * bg
            da, db = torch.autograd.grad(y, (ag, bg), grad_out)
        return torch.cat([da, db], dim=-1)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
