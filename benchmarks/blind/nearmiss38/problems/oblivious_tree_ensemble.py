"""Prediction of an ensemble of oblivious (symmetric) decision trees, CatBoost style."""

import torch
import torch.nn as nn

num_rows = 300
num_features = 10
num_trees = 16
depth = 4


class Model(nn.Module):
    def __init__(self, num_features: int, num_trees: int, depth: int):
        super().__init__()
        self.depth = depth
        self.register_buffer("split_feature", torch.randint(0, num_features, (num_trees, depth)))
        self.register_buffer("border", torch.randint(-6, 7, (num_trees, depth)).float() / 4.0)
        self.register_buffer("leaf_value", 0.5 * torch.randn(num_trees, 2 ** depth))
        self.register_buffer("bias", 0.25 * torch.randn(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        vals = x[:, self.split_feature]
        bits = (vals > self.border).long()
        weights = 2 ** torch.arange(self.depth, device=x.device)
        leaf = (bits * weights).sum(dim=-1)
        picked = torch.gather(self.leaf_value.unsqueeze(0).expand(x.shape[0], -1, -1), 2, leaf.unsqueeze(-1)).squeeze(-1)
        return picked.sum(dim=1) + self.bias


def get_inputs():
    x = torch.round(torch.randn(num_rows, num_features) * 4.0) / 4.0
    return [x]


def get_init_inputs():
    return [num_features, num_trees, depth]
