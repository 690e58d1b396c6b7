"""GFL / DFL box decoding: the distribution over reg_max + 1 integer distances of each box side
(softmax) is reduced to its expectation (the Integral layer), scaled by the point's stride and turned
into an (x1, y1, x2, y2) box around the point (distance2bbox)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_points = 300
reg_max = 16


class Model(nn.Module):
    def __init__(self, reg_max):
        super().__init__()
        self.reg_max = reg_max
        self.register_buffer("project", torch.linspace(0, reg_max, reg_max + 1))

    def forward(self, reg, points, strides):
        n = reg.shape[0]
        prob = F.softmax(reg.reshape(n, 4, self.reg_max + 1), dim=-1)
        dist = (prob * self.project).sum(-1) * strides[:, None]
        x1 = points[:, 0] - dist[:, 0]
        y1 = points[:, 1] - dist[:, 1]
        x2 = points[:, 0] + dist[:, 2]
        y2 = points[:, 1] + dist[:, 3]
        return torch.stack([x1, y1, x2, y2], dim=-1)


def get_inputs():
    strides = torch.tensor([8.0, 16.0, 32.0])[torch.randint(0, 3, (num_points,))]
    return [torch.randn(num_points, 4 * (reg_max + 1)) * 2.0,
            torch.rand(num_points, 2) * 640.0,
            strides]


def get_init_inputs():
    return [reg_max]
