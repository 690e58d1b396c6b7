"""nn.Bilinear: out[b, k] = x1[b] @ W[k] @ x2[b] + bias[k]."""

import torch
import torch.nn as nn

batch_size = 64
in1_features = 24
in2_features = 20
out_features = 16


class Model(nn.Module):
    def __init__(self, in1: int, in2: int, out: int):
        super().__init__()
        self.bilinear = nn.Bilinear(in1, in2, out)

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return self.bilinear(x1, x2)


def get_inputs():
    return [torch.randn(batch_size, in1_features), torch.randn(batch_size, in2_features)]


def get_init_inputs():
    return [in1_features, in2_features, out_features]
