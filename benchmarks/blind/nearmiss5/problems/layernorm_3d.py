"""LayerNorm without affine parameters over the last dimension of a 3-D tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 4
seq_len = 8
hidden = 777


class Model(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, (x.shape[-1],), eps=self.eps)


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden)]


def get_init_inputs():
    return []
