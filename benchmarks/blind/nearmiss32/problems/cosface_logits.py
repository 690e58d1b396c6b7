"""CosFace (large-margin cosine) logits: s * (cos(theta) - m * onehot(label)) between L2-normalised features and class weights."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 20
in_features = 48
num_classes = 70


class Model(nn.Module):
    def __init__(self, in_features: int, num_classes: int, s: float = 30.0, m: float = 0.35):
        super().__init__()
        self.s = s
        self.m = m
        self.weight = nn.Parameter(torch.randn(num_classes, in_features))

    def forward(self, x: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        cos = F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1))
        onehot = F.one_hot(labels, cos.shape[1]).to(cos.dtype)
        return self.s * (cos - self.m * onehot)


def get_inputs():
    return [torch.randn(batch_size, in_features), torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [in_features, num_classes]
