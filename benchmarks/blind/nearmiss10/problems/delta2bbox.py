"""Decode box regression deltas against anchors (xyxy), with the log-ratio clamp."""

import math

import torch
import torch.nn as nn

num_boxes = 2000


class Model(nn.Module):
    def __init__(self, wh_ratio_clip: float = 16 / 1000):
        super().__init__()
        self.max_ratio = abs(math.log(wh_ratio_clip))

    def forward(self, anchors: torch.Tensor, deltas: torch.Tensor) -> torch.Tensor:
        dx, dy, dw, dh = deltas.unbind(-1)
        dw = dw.clamp(min=-self.max_ratio, max=self.max_ratio)
        dh = dh.clamp(min=-self.max_ratio, max=self.max_ratio)
        px = (anchors[:, 0] + anchors[:, 2]) * 0.5
        py = (anchors[:, 1] + anchors[:, 3]) * 0.5
        pw = anchors[:, 2] - anchors[:, 0]
        ph = anchors[:, 3] - anchors[:, 1]
        gw = pw * dw.exp()
        gh = ph * dh.exp()
        gx = px + pw * dx
        gy = py + ph * dy
        return torch.stack([gx - gw * 0.5, gy - gh * 0.5, gx + gw * 0.5, gy + gh * 0.5], dim=-1)


def get_inputs():
    ctr = torch.rand(num_boxes, 2) * 100.0
    wh = torch.rand(num_boxes, 2) * 50.0 + 1.0
    anchors = torch.cat([ctr - wh * 0.5, ctr + wh * 0.5], dim=-1)
    deltas = torch.randn(num_boxes, 4) * 0.5
    return [anchors, deltas]


def get_init_inputs():
    return [16 / 1000]
