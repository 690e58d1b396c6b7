"""Complete-IoU box regression loss (torchvision.ops.complete_box_iou_loss semantics, reduction 'none'):
1 - IoU + (centre distance)^2 / (enclosing-box diagonal)^2 + alpha * v, with the aspect-ratio term
v = 4 / pi^2 * (atan(w_gt / h_gt) - atan(w / h))^2 and alpha = v / (1 - IoU + v + eps). Boxes are (x1, y1, x2, y2)."""

import math

import torch
import torch.nn as nn

num_boxes = 300


class Model(nn.Module):
    def __init__(self, eps: float = 1e-7):
        super().__init__()
        self.eps = eps

    def forward(self, boxes1, boxes2):
        eps = self.eps
        x1, y1, x2, y2 = boxes1.unbind(dim=-1)
        x1g, y1g, x2g, y2g = boxes2.unbind(dim=-1)
        xkis1 = torch.max(x1, x1g)
        ykis1 = torch.max(y1, y1g)
        xkis2 = torch.min(x2, x2g)
        ykis2 = torch.min(y2, y2g)
        intsct = torch.zeros_like(x1)
        mask = (ykis2 > ykis1) & (xkis2 > xkis1)
        intsct[mask] = (xkis2[mask] - xkis1[mask]) * (ykis2[mask] - ykis1[mask])
        union = (x2 - x1) * (y2 - y1) + (x2g - x1g) * (y2g - y1g) - intsct
        iou = intsct / (union + eps)
        xc1 = torch.min(x1, x1g)
        yc1 = torch.min(y1, y1g)
        xc2 = torch.max(x2, x2g)
        yc2 = torch.max(y2, y2g)
        diag = (xc2 - xc1) ** 2 + (yc2 - yc1) ** 2 + eps
        x_p = (x2 + x1) / 2
        y_p = (y2 + y1) / 2
        x_g = (x1g + x2g) / 2
        y_g = (y1g + y2g) / 2
        dist = (x_p - x_g) ** 2 + (y_p - y_g) ** 2
        loss = 1 - iou + dist / diag
        w_pred = x2 - x1
        h_pred = y2 - y1
        w_gt = x2g - x1g
        h_gt = y2g - y1g
        v = (4 / (math.pi ** 2)) * torch.pow(torch.atan(w_gt / h_gt) - torch.atan(w_pred / h_pred), 2)
        alpha = v / (1 - iou + v + eps)
        return loss + alpha * v


def get_inputs():
    ctr = torch.rand(num_boxes, 2) * 10.0
    wh = torch.rand(num_boxes, 2) * 4.0 + 0.2
    ctr_g = ctr + torch.randn(num_boxes, 2) * 1.2
    wh_g = wh * torch.exp(torch.randn(num_boxes, 2) * 0.4)
    boxes1 = torch.cat([ctr - wh / 2, ctr + wh / 2], dim=1)
    boxes2 = torch.cat([ctr_g - wh_g / 2, ctr_g + wh_g / 2], dim=1)
    return [boxes1, boxes2]


def get_init_inputs():
    return []
