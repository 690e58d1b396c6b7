"""Linear layer with a LoRA adapter: x W^T + (alpha / r) * (x A^T) B^T (no bias)."""

import torch
import torch.nn as nn

num_tokens = 64
in_features = 96
out_features = 80
rank = 16
lora_alpha = 24


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, rank: int, lora_alpha: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * 0.1)
        self.lora_a = nn.Parameter(torch.randn(rank, in_features) * 0.1)
        self.lora_b = nn.Parameter(torch.randn(out_features, rank) * 0.1)
        self.scaling = lora_alpha / rank

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        base = x @ self.weight.t()
        return base + self.scaling * ((x @ self.lora_a.t()) @ self.lora_b.t())


def get_inputs():
    return [torch.randn(num_tokens, in_features)]


def get_init_inputs():
    return [in_features, out_features, rank, lora_alpha]
