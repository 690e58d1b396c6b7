"""Stereo block matching: for every left-image pixel, the disparity d in [0, max_disparity) minimising the 3 x 3
sum of absolute differences against the right image shifted by d (zero outside both images), smallest d on ties
(int64)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 20
width = 30
max_disparity = 8


class Model(nn.Module):
    def __init__(self, n_disp: int):
        super().__init__()
        self.n_disp = n_disp

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        b, h, w = left.shape
        costs = []
        for d in range(self.n_disp):
            shifted = F.pad(right, (d, 0))[:, :, :w]
            diff = F.pad((left - shifted).abs(), (1, 1, 1, 1))
            cost = torch.zeros_like(left)
            for i in range(3):
                for j in range(3):
                    cost = cost + diff[:, i:i + h, j:j + w]
            costs.append(cost)
        return torch.stack(costs, dim=1).argmin(dim=1)


def get_inputs():
    left = torch.randint(0, 4, (batch_size, height, width)).float()
    right = torch.roll(left, shifts=-3, dims=2)
    noise = torch.randint(0, 4, (batch_size, height, width)).float()
    right = torch.where(torch.rand(batch_size, height, width) < 0.3, noise, right)
    return [left, right]


def get_init_inputs():
    return [max_disparity]
