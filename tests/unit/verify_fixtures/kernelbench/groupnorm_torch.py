"""The reference's own computation (judged with anti-cheat off): exercises the shape cases only."""
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, num_groups):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.gn = nn.GroupNorm(num_groups, out_features)

    def forward(self, x):
        y = self.gn(self.fc(x))
        return y * torch.sigmoid(y)
