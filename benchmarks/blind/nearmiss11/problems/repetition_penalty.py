"""CTRL / Hugging Face repetition penalty applied to next-token logits for previously generated ids."""

import torch
import torch.nn as nn

batch_size = 8
vocab_size = 1000
num_prev = 64


class Model(nn.Module):
    """For every id in prev_ids[b]: logit / penalty if the logit is positive, logit * penalty otherwise."""

    def __init__(self, penalty: float = 1.3):
        super().__init__()
        self.penalty = penalty

    def forward(self, logits: torch.Tensor, prev_ids: torch.Tensor) -> torch.Tensor:
        score = torch.gather(logits, 1, prev_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return logits.scatter(1, prev_ids, score)


def get_inputs():
    return [3.0 * torch.randn(batch_size, vocab_size), torch.randint(0, vocab_size, (batch_size, num_prev))]


def get_init_inputs():
    return [1.3]
