"""Center-size boxes to corner boxes, clipped to the image (torchvision box_convert + clip_boxes_to_image)."""

import torch
import torch.nn as nn

num_boxes = 3000
img_h = 480
img_w = 640


class Model(nn.Module):
    def __init__(self, img_h, img_w):
        super().__init__()
        self.img_h = img_h
        self.img_w = img_w

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        cx, cy, w, h = boxes.unbind(-1)
        x1 = (cx - 0.5 * w).clamp(0, self.img_w)
        y1 = (cy - 0.5 * h).clamp(0, self.img_h)
        x2 = (cx + 0.5 * w).clamp(0, self.img_w)
        y2 = (cy + 0.5 * h).clamp(0, self.img_h)
        return torch.stack([x1, y1, x2, y2], dim=-1)


def get_inputs():
    c = torch.rand(num_boxes, 2) * torch.tensor([img_w, img_h]) * 1.2 - 40.0
    s = torch.rand(num_boxes, 2) * 300.0
    return [torch.cat([c, s], dim=1)]


def get_init_inputs():
    return [img_h, img_w]
