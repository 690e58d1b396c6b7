"""Bounded IoU loss per box coordinate (mmdet-style, x1y1x2y2 boxes, smooth-L1 shaped, no reduction)."""

import torch
import torch.nn as nn

num_boxes = 3000


class Model(nn.Module):
    def __init__(self, beta: float = 0.2, eps: float = 1e-3):
        super().__init__()
        self.beta = beta
        self.eps = eps

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        eps = self.eps
        pred_cx = (pred[:, 0] + pred[:, 2]) * 0.5
        pred_cy = (pred[:, 1] + pred[:, 3]) * 0.5
        pred_w = pred[:, 2] - pred[:, 0]
        pred_h = pred[:, 3] - pred[:, 1]
        target_cx = (target[:, 0] + target[:, 2]) * 0.5
        target_cy = (target[:, 1] + target[:, 3]) * 0.5
        target_w = target[:, 2] - target[:, 0]
        target_h = target[:, 3] - target[:, 1]
        adx = 2.0 * (target_cx - pred_cx).abs()
        ady = 2.0 * (target_cy - pred_cy).abs()
        loss_dx = 1.0 - torch.clamp((target_w - adx) / (target_w + adx + eps), min=0.0)
        loss_dy = 1.0 - torch.clamp((target_h - ady) / (target_h + ady + eps), min=0.0)
        loss_dw = 1.0 - torch.minimum(target_w / (pred_w + eps), pred_w / (target_w + eps))
        loss_dh = 1.0 - torch.minimum(target_h / (pred_h + eps), pred_h / (target_h + eps))
        comb = torch.stack([loss_dx, loss_dy, loss_dw, loss_dh], dim=-1)
        return torch.where(comb < self.beta, 0.5 * comb * comb / self.beta, comb - 0.5 * self.beta)


def get_inputs():
    xy = torch.rand(num_boxes, 2) * 200.0
    wh = torch.rand(num_boxes, 2) * 60.0 + 15.0
    target = torch.cat([xy, xy + wh], dim=1)
    far = (torch.rand(num_boxes, 1) < 0.25).float()
    shift = far * torch.sign(torch.randn(num_boxes, 2)) * wh * 0.8
    pred = target + torch.randn(num_boxes, 4) * 2.0 + torch.cat([shift, shift], dim=1)
    return [pred, target]


def get_init_inputs():
    return [0.2, 1e-3]
