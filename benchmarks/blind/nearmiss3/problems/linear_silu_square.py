import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 48
features = 64


class Model(nn.Module):
    """Square linear projection followed by SiLU."""

    def __init__(self, features):
        super().__init__()
        self.proj = nn.Linear(features, features)

    def forward(self, x):
        return F.silu(self.proj(x))


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
