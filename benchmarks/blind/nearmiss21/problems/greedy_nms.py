"""Greedy non-maximum suppression (torchvision.ops.nms semantics). The kept box indices, in decreasing
score order, are returned padded with -1 to the number of boxes."""

import torch
import torch.nn as nn

num_boxes = 47
canvas = 21


class Model(nn.Module):
    def __init__(self, iou_threshold: float):
        super().__init__()
        self.iou_threshold = iou_threshold

    def forward(self, boxes: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        n = boxes.shape[0]
        x1, y1, x2, y2 = boxes.unbind(1)
        area = (x2 - x1) * (y2 - y1)
        iw = (torch.minimum(x2[:, None], x2[None, :]) - torch.maximum(x1[:, None], x1[None, :])).clamp(min=0)
        ih = (torch.minimum(y2[:, None], y2[None, :]) - torch.maximum(y1[:, None], y1[None, :])).clamp(min=0)
        inter = iw * ih
        iou = inter / (area[:, None] + area[None, :] - inter)
        order = torch.argsort(scores, descending=True, stable=True)
        suppressed = torch.zeros(n, dtype=torch.bool, device=boxes.device)
        keep = []
        for i in order.tolist():
            if bool(suppressed[i]):
                continue
            keep.append(i)
            suppressed |= iou[i] > self.iou_threshold
        out = torch.full((n,), -1, dtype=torch.int64, device=boxes.device)
        out[: len(keep)] = torch.tensor(keep, dtype=torch.int64, device=boxes.device)
        return out


def get_inputs():
    centers = torch.rand(num_boxes, 2) * canvas
    sizes = torch.rand(num_boxes, 2) * 6.0 + 2.0
    boxes = torch.cat([centers - sizes / 2, centers + sizes / 2], dim=1)
    scores = torch.rand(num_boxes)
    return [boxes, scores]


def get_init_inputs():
    return [0.4]
