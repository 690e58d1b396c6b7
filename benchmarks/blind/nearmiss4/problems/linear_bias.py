import torch
import torch.nn as nn

M = 40
in_features = 150
out_features = 72


class Model(nn.Module):
    """y = x @ W^T + b."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * 0.1)
        self.bias = nn.Parameter(torch.randn(out_features))

    def forward(self, x):
        return torch.nn.functional.linear(x, self.weight, self.bias)


def get_inputs():
    return [torch.randn(M, in_features)]


def get_init_inputs():
    return [in_features, out_features]
