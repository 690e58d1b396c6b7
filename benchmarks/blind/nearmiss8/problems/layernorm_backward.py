"""Input gradient of LayerNorm (with affine weight) for a given upstream gradient."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 24
hidden = 777


class Model(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.bias = nn.Parameter(0.1 * torch.randn(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        with torch.enable_grad():
            xg = x.detach().requires_grad_(True)
            y = F.layer_norm(xg, (x.shape[-1],), self.weight, self.bias, self.eps)
            (dx,) = torch.autograd.grad(y, xg, grad_out)
        return dx


def get_inputs():
    return [torch.randn(batch_size, hidden), torch.randn(batch_size, hidden)]


def get_init_inputs():
    return [hidden]
