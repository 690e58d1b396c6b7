"""Corners of rotated 2-D boxes (cx, cy, w, h, theta), counter-clockwise from (-w/2, -h/2), as in rotated detection codebases."""

import torch
import torch.nn as nn

num_boxes = 3000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        cx, cy, w, h, t = boxes.unbind(-1)
        sx = torch.tensor([-0.5, 0.5, 0.5, -0.5], device=boxes.device, dtype=boxes.dtype)
        sy = torch.tensor([-0.5, -0.5, 0.5, 0.5], device=boxes.device, dtype=boxes.dtype)
        dx = w[:, None] * sx[None, :]
        dy = h[:, None] * sy[None, :]
        c = torch.cos(t)[:, None]
        s = torch.sin(t)[:, None]
        x = cx[:, None] + dx * c - dy * s
        y = cy[:, None] + dx * s + dy * c
        return torch.stack([x, y], dim=-1)


def get_inputs():
    c = torch.rand(num_boxes, 2) * 500.0
    wh = torch.rand(num_boxes, 2) * 80.0 + 4.0
    t = (torch.rand(num_boxes, 1) * 2.0 - 1.0) * 3.14159
    return [torch.cat([c, wh, t], dim=1)]


def get_init_inputs():
    return []
