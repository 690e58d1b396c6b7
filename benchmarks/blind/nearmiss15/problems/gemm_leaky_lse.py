"""Linear layer, subtract a constant, LeakyReLU(0.2), then log-sum-exp over the features (KernelBench
level-2 style fused chain)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
in_features = 64
out_features = 80


class Model(nn.Module):
    def __init__(self, in_features, out_features, subtract_value=1.0, negative_slope=0.2):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.subtract_value = subtract_value
        self.negative_slope = negative_slope

    def forward(self, x):
        y = F.leaky_relu(self.linear(x) - self.subtract_value, self.negative_slope)
        return torch.logsumexp(y, dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
