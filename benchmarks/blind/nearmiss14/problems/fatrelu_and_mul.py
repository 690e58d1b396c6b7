"""FATReLU-and-multiply on a fused gate/up projection (vLLM fatrelu_and_mul style)."""

import torch
import torch.nn as nn

num_tokens = 16
hidden = 200
threshold = 1.0


class Model(nn.Module):
    def __init__(self, threshold: float):
        super().__init__()
        self.threshold = threshold

    def forward(self, x):
        d = x.shape[-1] // 2
        gate = x[..., :d]
        gate = torch.where(gate > self.threshold, gate, torch.zeros_like(gate))
        return gate * x[..., d:]


def get_inputs():
    return [torch.randn(num_tokens, 2 * hidden) * 1.5]


def get_init_inputs():
    return [threshold]
