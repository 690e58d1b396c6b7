"""Adafactor parameter update for a matrix (factored second moment, no momentum): row and column
running means of grad^2 + eps, the second-moment estimate row_i * col_j / mean(row), the update
grad / sqrt(estimate), RMS clipping of the update and the step -lr * update."""

import torch
import torch.nn as nn

rows = 64
cols = 48


class Model(nn.Module):
    def __init__(self, beta2=0.9, lr=1e-2, clip_threshold=1.0, eps=1e-30):
        super().__init__()
        self.beta2 = beta2
        self.lr = lr
        self.clip_threshold = clip_threshold
        self.eps = eps

    def forward(self, grad, row_state, col_state):
        g2 = grad * grad + self.eps
        row = self.beta2 * row_state + (1.0 - self.beta2) * g2.mean(dim=-1)
        col = self.beta2 * col_state + (1.0 - self.beta2) * g2.mean(dim=-2)
        r_factor = (row / row.mean(dim=-1, keepdim=True)).rsqrt()[:, None]
        c_factor = col.rsqrt()[None, :]
        update = grad * r_factor * c_factor
        rms = update.norm(2) / (update.numel() ** 0.5)
        update = update / torch.clamp(rms / self.clip_threshold, min=1.0)
        return -self.lr * update


def get_inputs():
    return [torch.randn(rows, cols), torch.rand(rows) * 2.0 + 0.1, torch.rand(cols) * 2.0 + 0.1]


def get_init_inputs():
    return []
