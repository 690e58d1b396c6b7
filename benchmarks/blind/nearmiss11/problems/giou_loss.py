"""Generalized IoU loss between paired axis-aligned boxes (x1, y1, x2, y2), mean over pairs."""

import torch
import torch.nn as nn

num_boxes = 2048


class Model(nn.Module):
    """mean(1 - GIoU(pred_i, target_i))."""

    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        px1, py1, px2, py2 = pred.unbind(-1)
        tx1, ty1, tx2, ty2 = target.unbind(-1)
        area_p = (px2 - px1) * (py2 - py1)
        area_t = (tx2 - tx1) * (ty2 - ty1)
        iw = (torch.minimum(px2, tx2) - torch.maximum(px1, tx1)).clamp(min=0)
        ih = (torch.minimum(py2, ty2) - torch.maximum(py1, ty1)).clamp(min=0)
        inter = iw * ih
        union = area_p + area_t - inter
        iou = inter / union
        ew = torch.maximum(px2, tx2) - torch.minimum(px1, tx1)
        eh = torch.maximum(py2, ty2) - torch.minimum(py1, ty1)
        enclose = ew * eh
        giou = iou - (enclose - union) / enclose
        return (1.0 - giou).mean()


def _boxes(n):
    xy = 10.0 * torch.rand(n, 2)
    wh = 4.0 * torch.rand(n, 2) + 0.5
    return torch.cat([xy, xy + wh], dim=-1)


def get_inputs():
    return [_boxes(num_boxes), _boxes(num_boxes)]


def get_init_inputs():
    return []
