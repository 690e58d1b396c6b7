"""Router z-loss (ST-MoE): mean over tokens of logsumexp(router logits) squared."""

import torch
import torch.nn as nn

num_tokens = 257
num_experts = 61


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return torch.logsumexp(logits, dim=-1).pow(2).mean()


def get_inputs():
    return [torch.randn(num_tokens, num_experts)]


def get_init_inputs():
    return []
