"""Clamped SwiGLU of gpt-oss on interleaved gate / linear channels."""

import torch
import torch.nn as nn

num_tokens = 48
hidden = 300
alpha_value = 1.702
limit_value = 7.0


class Model(nn.Module):
    def __init__(self, alpha: float, limit: float):
        super().__init__()
        self.alpha = alpha
        self.limit = limit

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x_glu, x_lin = x[..., ::2], x[..., 1::2]
        x_glu = x_glu.clamp(min=None, max=self.limit)
        x_lin = x_lin.clamp(min=-self.limit, max=self.limit)
        out_glu = x_glu * torch.sigmoid(self.alpha * x_glu)
        return out_glu * (x_lin + 1)


def get_inputs():
    return [torch.randn(num_tokens, 2 * hidden)]


def get_init_inputs():
    return [alpha_value, limit_value]
