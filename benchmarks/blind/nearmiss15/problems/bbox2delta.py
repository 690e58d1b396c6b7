"""Box regression target encoding (Faster R-CNN BoxCoder.encode, torchvision convention, weights
(10, 10, 5, 5)): centre offsets relative to the proposal size and log size ratios."""

import torch
import torch.nn as nn

num_boxes = 1000


class Model(nn.Module):
    def __init__(self, weights=(10.0, 10.0, 5.0, 5.0)):
        super().__init__()
        self.weights = weights

    def forward(self, proposals, gt):
        wx, wy, ww, wh = self.weights
        pw = proposals[:, 2] - proposals[:, 0]
        ph = proposals[:, 3] - proposals[:, 1]
        px = proposals[:, 0] + 0.5 * pw
        py = proposals[:, 1] + 0.5 * ph
        gw = gt[:, 2] - gt[:, 0]
        gh = gt[:, 3] - gt[:, 1]
        gx = gt[:, 0] + 0.5 * gw
        gy = gt[:, 1] + 0.5 * gh
        dx = wx * (gx - px) / pw
        dy = wy * (gy - py) / ph
        dw = ww * torch.log(gw / pw)
        dh = wh * torch.log(gh / ph)
        return torch.stack([dx, dy, dw, dh], dim=1)


def get_inputs():
    xy = torch.rand(num_boxes, 2) * 400.0
    wh = torch.rand(num_boxes, 2) * 60.0 + 4.0
    proposals = torch.cat([xy, xy + wh], dim=1)
    gxy = xy + torch.randn(num_boxes, 2) * 5.0
    gwh = wh * torch.exp(torch.randn(num_boxes, 2) * 0.2)
    return [proposals, torch.cat([gxy, gxy + gwh], dim=1)]


def get_init_inputs():
    return []
