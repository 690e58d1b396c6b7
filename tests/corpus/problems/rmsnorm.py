"""RMSNorm as in LLaMA / Liger-Kernel: x * rsqrt(mean(x^2) + eps) * weight over the last dim."""

import torch
import torch.nn as nn

batch_size = 16
hidden = 2048


class Model(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        rstd = torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        return x * rstd * weight


def get_inputs():
    return [torch.randn(batch_size, hidden), 1.0 + 0.1 * torch.randn(hidden)]


def get_init_inputs():
    return [1e-6]
