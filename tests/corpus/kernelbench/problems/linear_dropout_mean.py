"""Level 2: Linear, Dropout (p = 0, an identity), then the mean over the output features."""

import torch
import torch.nn as nn

batch_size = 16
in_features = 64
out_features = 96
dropout_p = 0.0


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, dropout_p: float):
        super().__init__()
        self.matmul = nn.Linear(in_features, out_features)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.matmul(x)
        x = self.dropout(x)
        return torch.mean(x, dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, dropout_p]
