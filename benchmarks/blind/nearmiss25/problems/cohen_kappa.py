"""Quadratic weighted Cohen's kappa between two raters' integer labels in [0, C): observed confusion matrix O,
expected E = outer(row totals, column totals) / N, weights w_ij = (i - j)^2 / (C - 1)^2;
kappa = 1 - sum(w * O) / sum(w * E). Returns a 0-dim float32 tensor."""

import torch
import torch.nn as nn

num_items = 3000
num_classes = 6


class Model(nn.Module):
    def __init__(self, num_classes: int):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, r1: torch.Tensor, r2: torch.Tensor) -> torch.Tensor:
        C = self.num_classes
        N = r1.shape[0]
        ones = torch.ones(N, dtype=torch.float32, device=r1.device)
        O = torch.zeros(C * C, dtype=torch.float32, device=r1.device).index_add_(0, r1 * C + r2, ones).view(C, C)
        E = O.sum(dim=1)[:, None] * O.sum(dim=0)[None, :] / N
        i = torch.arange(C, dtype=torch.float32, device=r1.device)
        w = (i[:, None] - i[None, :]) ** 2 / ((C - 1) * (C - 1))
        return 1.0 - (w * O).sum() / (w * E).sum()


def get_inputs():
    r1 = (torch.rand(num_items) ** 1.5 * num_classes).long().clamp(max=num_classes - 1)
    noise = torch.randint(0, 3, (num_items,)) * (torch.rand(num_items) < 0.6)
    r2 = (r1 + noise).clamp(0, num_classes - 1)
    wild = torch.rand(num_items) < 0.1
    r2 = torch.where(wild, torch.randint(0, num_classes, (num_items,)), r2)
    return [r1, r2]


def get_init_inputs():
    return [num_classes]
