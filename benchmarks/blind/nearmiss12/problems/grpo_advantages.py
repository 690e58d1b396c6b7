"""GRPO group-relative advantages: rewards standardised within each group of sampled completions."""

import torch
import torch.nn as nn

num_groups = 700
group_size = 12


class Model(nn.Module):
    def __init__(self, eps=1e-4):
        super().__init__()
        self.eps = eps

    def forward(self, rewards: torch.Tensor) -> torch.Tensor:
        mean = rewards.mean(dim=1, keepdim=True)
        std = rewards.std(dim=1, keepdim=True)
        return (rewards - mean) / (std + self.eps)


def get_inputs():
    return [torch.randn(num_groups, group_size)]


def get_init_inputs():
    return [1e-4]
