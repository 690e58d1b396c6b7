"""Max-IoU anchor assignment (mmdet MaxIoUAssigner style): each anchor gets 0 (negative), -1 (ignored) or 1 + the
index of its ground-truth box, with the best anchor of every ground truth forced positive."""

import torch
import torch.nn as nn

num_anchors = 500
num_gts = 20


class Model(nn.Module):
    def __init__(self, pos_iou_thr: float = 0.5, neg_iou_thr: float = 0.4, min_pos_iou: float = 0.3):
        super().__init__()
        self.pos_iou_thr = pos_iou_thr
        self.neg_iou_thr = neg_iou_thr
        self.min_pos_iou = min_pos_iou

    def forward(self, anchors: torch.Tensor, gt_boxes: torch.Tensor) -> torch.Tensor:
        area_a = (anchors[:, 2] - anchors[:, 0]) * (anchors[:, 3] - anchors[:, 1])
        area_g = (gt_boxes[:, 2] - gt_boxes[:, 0]) * (gt_boxes[:, 3] - gt_boxes[:, 1])
        lt = torch.max(anchors[:, None, :2], gt_boxes[None, :, :2])
        rb = torch.min(anchors[:, None, 2:], gt_boxes[None, :, 2:])
        wh = (rb - lt).clamp(min=0)
        inter = wh[..., 0] * wh[..., 1]
        iou = inter / (area_a[:, None] + area_g[None, :] - inter)
        max_iou, argmax = iou.max(dim=1)
        assigned = torch.full((anchors.size(0),), -1, dtype=torch.long, device=anchors.device)
        assigned[max_iou < self.neg_iou_thr] = 0
        pos = max_iou >= self.pos_iou_thr
        assigned[pos] = argmax[pos] + 1
        gt_max, _ = iou.max(dim=0)
        for j in range(gt_boxes.size(0)):
            if gt_max[j] >= self.min_pos_iou:
                assigned[iou[:, j] == gt_max[j]] = j + 1
        return assigned


def get_inputs():
    g_ctr = torch.rand(num_gts, 2) * 200.0
    g_size = 20.0 + torch.rand(num_gts, 2) * 40.0
    gt_boxes = torch.cat([g_ctr - g_size / 2, g_ctr + g_size / 2], dim=1)
    idx = torch.arange(num_anchors) % num_gts
    spread = 0.15 + 0.35 * torch.rand(num_anchors, 1)
    spread = torch.where((idx % 4 == 3)[:, None], spread * 3.0, spread)
    a_ctr = g_ctr[idx] + torch.randn(num_anchors, 2) * g_size[idx] * spread
    a_size = g_size[idx] * torch.exp(torch.randn(num_anchors, 2) * spread)
    anchors = torch.cat([a_ctr - a_size / 2, a_ctr + a_size / 2], dim=1)
    return [anchors, gt_boxes]


def get_init_inputs():
    return []
