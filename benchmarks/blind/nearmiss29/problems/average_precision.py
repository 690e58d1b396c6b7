"""Average precision of each row of scores against binary relevance labels (mean precision at each relevant item)."""

import torch
import torch.nn as nn

batch_size = 30
num_items = 200


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        order = torch.argsort(scores, dim=1, descending=True)
        rel = torch.gather(labels, 1, order)
        ranks = torch.arange(1, scores.shape[1] + 1, device=scores.device, dtype=torch.float32)
        precision = rel.cumsum(dim=1) / ranks
        return (precision * rel).sum(dim=1) / rel.sum(dim=1)


def get_inputs():
    labels = (torch.rand(batch_size, num_items) < 0.3).to(torch.float32)
    labels[:, 0] = 1.0
    scores = torch.randn(batch_size, num_items) + 1.0 * labels
    return [scores, labels]


def get_init_inputs():
    return []
