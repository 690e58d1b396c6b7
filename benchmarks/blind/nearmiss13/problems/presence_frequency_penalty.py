"""OpenAI-style presence and frequency penalties applied to next-token logits."""

import torch
import torch.nn as nn

batch_size = 8
vocab_size = 1000
frequency_penalty = 0.5
presence_penalty = 0.3


class Model(nn.Module):
    def __init__(self, freq: float, presence: float):
        super().__init__()
        self.freq = freq
        self.presence = presence

    def forward(self, logits: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
        return logits - self.freq * counts.to(logits.dtype) - self.presence * (counts > 0).to(logits.dtype)


def get_inputs():
    counts = torch.randint(0, 4, (batch_size, vocab_size)) * (torch.rand(batch_size, vocab_size) < 0.3).long()
    return [torch.randn(batch_size, vocab_size) * 2.0, counts]


def get_init_inputs():
    return [frequency_penalty, presence_penalty]
