"""KernelBench level-2 style: Linear, GroupNorm, Swish. GroupNorm needs out_features % num_groups == 0."""
import torch
import torch.nn as nn

batch_size = 16
in_features = 32
out_features = 64
num_groups = 8


class Model(nn.Module):
    def __init__(self, in_features, out_features, num_groups):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.gn = nn.GroupNorm(num_groups, out_features)

    def forward(self, x):
        y = self.gn(self.fc(x))
        return y * torch.sigmoid(y)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, num_groups]
