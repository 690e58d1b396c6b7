"""One SM3 optimizer step (Anil et al., memory-efficient adaptive optimisation) for a matrix parameter with
row / column accumulators: nu = min(row_acc_i, col_acc_j) + g^2, w -= lr * g / (sqrt(nu) + eps), new row
accumulator = max_j nu, new column accumulator = max_i nu. Returns cat(w.flatten(), row_acc, col_acc)."""

import torch
import torch.nn as nn

rows = 120
cols = 72


class Model(nn.Module):
    def __init__(self, lr: float, eps: float):
        super().__init__()
        self.lr = lr
        self.eps = eps

    def forward(self, w, g, row_acc, col_acc):
        nu = torch.minimum(row_acc[:, None], col_acc[None, :]) + g * g
        w_new = w - self.lr * g / (torch.sqrt(nu) + self.eps)
        return torch.cat([w_new.flatten(), nu.amax(dim=1), nu.amax(dim=0)])


def get_inputs():
    w = torch.randn(rows, cols)
    g = 0.3 * torch.randn(rows, cols)
    row_acc = 0.05 + torch.rand(rows)
    col_acc = 0.05 + torch.rand(cols)
    return [w, g, row_acc, col_acc]


def get_init_inputs():
    return [0.05, 1e-8]
