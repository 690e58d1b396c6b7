"""Top-k accuracy with strict ranking: a row counts as correct when fewer than k classes score strictly above the target's logit."""

import torch
import torch.nn as nn

batch_size = 64
num_classes = 100
k = 5


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        t = logits.gather(1, target[:, None])
        rank = (logits > t).sum(1)
        return (rank < self.k).to(torch.float32).mean()


def get_inputs():
    return [torch.randn(batch_size, num_classes), torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [k]
