"""Distribution focal loss (GFL / YOLOv8 box regression): cross entropy of the discretised side distribution
against the two integer bins around each continuous target, weighted linearly; mean over the four sides."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_boxes = 150
reg_max = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        n, sides, bins = pred.shape
        pred = pred.reshape(-1, bins)
        target = target.reshape(-1)
        left = target.long()
        right = left + 1
        w_left = right.to(target.dtype) - target
        w_right = target - left.to(target.dtype)
        loss = (F.cross_entropy(pred, left, reduction="none") * w_left
                + F.cross_entropy(pred, right, reduction="none") * w_right)
        return loss.reshape(n, sides).mean(1)


def get_inputs():
    pred = torch.randn(num_boxes, 4, reg_max + 1) * 2.0
    target = torch.rand(num_boxes, 4) * (reg_max - 0.01)
    return [pred, target]


def get_init_inputs():
    return []
