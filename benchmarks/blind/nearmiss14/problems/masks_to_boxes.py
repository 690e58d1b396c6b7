"""Bounding boxes (x_min, y_min, x_max, y_max) of binary masks (torchvision masks_to_boxes)."""

import torch
import torch.nn as nn

num_masks = 6
height = 20
width = 20


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, masks):
        n, h, w = masks.shape
        ys = torch.arange(h, device=masks.device, dtype=torch.float32).view(1, h, 1).expand(n, h, w)
        xs = torch.arange(w, device=masks.device, dtype=torch.float32).view(1, 1, w).expand(n, h, w)
        inf = float("inf")
        x_min = torch.where(masks, xs, inf).amin(dim=(1, 2))
        y_min = torch.where(masks, ys, inf).amin(dim=(1, 2))
        x_max = torch.where(masks, xs, -inf).amax(dim=(1, 2))
        y_max = torch.where(masks, ys, -inf).amax(dim=(1, 2))
        return torch.stack([x_min, y_min, x_max, y_max], dim=1)


def get_inputs():
    ys = torch.arange(height).view(1, height, 1)
    xs = torch.arange(width).view(1, 1, width)
    y0 = torch.randint(1, height // 2, (num_masks, 1, 1))
    x0 = torch.randint(1, width // 2, (num_masks, 1, 1))
    y1 = y0 + torch.randint(1, height // 2, (num_masks, 1, 1))
    x1 = x0 + torch.randint(1, width // 2, (num_masks, 1, 1))
    box = (ys >= y0) & (ys <= y1) & (xs >= x0) & (xs <= x1)
    masks = box & (torch.rand(num_masks, height, width) > 0.4)
    masks[torch.arange(num_masks), y0.flatten(), x0.flatten()] = True
    return [masks]


def get_init_inputs():
    return []
