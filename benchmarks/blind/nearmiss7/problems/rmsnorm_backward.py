"""Input gradient of RMSNorm with a learnable weight, given x and the output gradient."""

import torch
import torch.nn as nn

batch_size = 24
hidden = 777
eps = 1e-6


class Model(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        rstd = torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        x_hat = x * rstd
        wdy = self.weight * grad_out
        return rstd * (wdy - x_hat * (wdy * x_hat).mean(dim=-1, keepdim=True))


def get_inputs():
    return [torch.randn(batch_size, hidden), torch.randn(batch_size, hidden)]


def get_init_inputs():
    return [hidden, eps]
