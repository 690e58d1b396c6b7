"""A KernelBench level-2 style problem: Linear, then a scale and ReLU (its output depends on the weights)."""
import torch
import torch.nn as nn

batch_size = 8
in_features = 32
out_features = 32
scale = 0.5


class Model(nn.Module):
    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.scale = scale

    def forward(self, x):
        return torch.relu(self.fc(x) * self.scale)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scale]
