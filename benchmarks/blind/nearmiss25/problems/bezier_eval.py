"""Evaluate planar Bezier curves of a given degree at parameters t with de Casteljau's algorithm:
ctrl (C, degree + 1, 2), t (T,) -> points (C, T, 2)."""

import torch
import torch.nn as nn

num_curves = 40
degree = 5
num_t = 100


class Model(nn.Module):
    def __init__(self, degree: int):
        super().__init__()
        self.degree = degree

    def forward(self, ctrl: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        C, T = ctrl.shape[0], t.shape[0]
        pts = ctrl[:, None, :, :].expand(C, T, self.degree + 1, 2)
        tt = t[None, :, None, None]
        for _ in range(self.degree):
            pts = (1.0 - tt) * pts[:, :, :-1] + tt * pts[:, :, 1:]
        return pts[:, :, 0]


def get_inputs():
    ctrl = 2.0 * torch.rand(num_curves, degree + 1, 2) - 1.0
    t = torch.rand(num_t)
    t[0] = 0.0
    t[-1] = 1.0
    return [ctrl, t]


def get_init_inputs():
    return [degree]
