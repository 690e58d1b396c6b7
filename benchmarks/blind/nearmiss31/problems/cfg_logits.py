"""Classifier-free guidance on next-token logits (HF transformers-style unbatched CFG): blend of conditional and unconditional log-softmax."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 1000


class Model(nn.Module):
    def __init__(self, guidance_scale: float = 1.5):
        super().__init__()
        self.guidance_scale = guidance_scale

    def forward(self, cond_logits: torch.Tensor, uncond_logits: torch.Tensor) -> torch.Tensor:
        cond = torch.log_softmax(cond_logits, dim=-1)
        uncond = torch.log_softmax(uncond_logits, dim=-1)
        return self.guidance_scale * (cond - uncond) + uncond


def get_inputs():
    cond_logits = torch.randn(batch_size, vocab_size) * 3.0
    uncond_logits = 0.5 * cond_logits + torch.randn(batch_size, vocab_size) + 4.0
    return [cond_logits, uncond_logits]


def get_init_inputs():
    return [1.5]
