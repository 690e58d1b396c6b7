"""Min-p sampling filter: logits whose probability is below min_p times the top probability become -inf."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 1000


class Model(nn.Module):
    def __init__(self, min_p=0.1):
        super().__init__()
        self.min_p = min_p

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        probs = torch.softmax(logits, dim=-1)
        top = probs.max(dim=-1, keepdim=True).values
        return logits.masked_fill(probs < self.min_p * top, float("-inf"))


def get_inputs():
    return [torch.randn(batch_size, vocab_size) * 2.0]


def get_init_inputs():
    return [0.1]
