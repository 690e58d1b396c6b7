"""Center loss: half the mean squared distance of each feature to its class centre."""

import torch
import torch.nn as nn

batch_size = 128
feat_dim = 64
num_classes = 10


class Model(nn.Module):
    def __init__(self, num_classes: int, feat_dim: int):
        super().__init__()
        self.centers = nn.Parameter(torch.randn(num_classes, feat_dim))

    def forward(self, x: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        c = self.centers[labels]
        return 0.5 * ((x - c) ** 2).sum(dim=1).mean()


def get_inputs():
    return [torch.randn(batch_size, feat_dim), torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [num_classes, feat_dim]
