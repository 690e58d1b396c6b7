"""Decode (left, top, right, bottom) distances from anchor points into xyxy boxes clipped to the image (FCOS / GFL)."""

import torch
import torch.nn as nn

num_points = 2000
img_h = 300
img_w = 500


class Model(nn.Module):
    def __init__(self, img_h: int, img_w: int):
        super().__init__()
        self.img_h = img_h
        self.img_w = img_w

    def forward(self, points: torch.Tensor, distance: torch.Tensor) -> torch.Tensor:
        x1 = (points[:, 0] - distance[:, 0]).clamp(min=0, max=self.img_w)
        y1 = (points[:, 1] - distance[:, 1]).clamp(min=0, max=self.img_h)
        x2 = (points[:, 0] + distance[:, 2]).clamp(min=0, max=self.img_w)
        y2 = (points[:, 1] + distance[:, 3]).clamp(min=0, max=self.img_h)
        return torch.stack([x1, y1, x2, y2], dim=-1)


def get_inputs():
    pts = torch.rand(num_points, 2) * torch.tensor([float(img_w), float(img_h)])
    dist = torch.rand(num_points, 4) * (0.4 * max(img_h, img_w))
    return [pts, dist]


def get_init_inputs():
    return [img_h, img_w]
