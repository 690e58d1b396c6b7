"""Temporal shift module (TSM): part of the channels shifted one frame back, part one frame forward."""

import torch
import torch.nn as nn

batch_size = 2
n_segment = 8
channels = 16
height = 9
width = 11
fold_div = 8


class Model(nn.Module):
    def __init__(self, n_segment: int, fold_div: int):
        super().__init__()
        self.n_segment = n_segment
        self.fold_div = fold_div

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        nt, c, h, w = x.shape
        t = self.n_segment
        x = x.view(nt // t, t, c, h, w)
        fold = c // self.fold_div
        out = torch.zeros_like(x)
        out[:, :-1, :fold] = x[:, 1:, :fold]
        out[:, 1:, fold:2 * fold] = x[:, :-1, fold:2 * fold]
        out[:, :, 2 * fold:] = x[:, :, 2 * fold:]
        return out.view(nt, c, h, w)


def get_inputs():
    return [torch.randn(batch_size * n_segment, channels, height, width)]


def get_init_inputs():
    return [n_segment, fold_div]
