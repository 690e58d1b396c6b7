"""Triton max-IoU anchor assignment: a per-ground-truth column maximum, then (anchor x ground-truth) tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _iou(ax1, ay1, ax2, ay2, gx1, gy1, gx2, gy2):
    area_a = (ax2 - ax1) * (ay2 - ay1)
    area_g = (gx2 - gx1) * (gy2 - gy1)
    w = tl.maximum(tl.minimum(ax2[:, None], gx2[None, :]) - tl.maximum(ax1[:, None], gx1[None, :]), 0.0)
    h = tl.maximum(tl.minimum(ay2[:, None], gy2[None, :]) - tl.maximum(ay1[:, None], gy1[None, :]), 0.0)
    inter = w * h
    union = area_a[:, None] + area_g[None, :]
    return inter / union


@triton.jit
def gt_max_kernel(a_ptr, g_ptr, gmax_ptr, A, G, BA: tl.constexpr, BG: tl.constexpr):
    g = tl.program_id(0) * BG + tl.arange(0, BG)
    gm = g < G
    gx1 = tl.load(g_ptr + g * 4 + 0, mask=gm, other=0.0)
    gy1 = tl.load(g_ptr + g * 4 + 1, mask=gm, other=0.0)
    gx2 = tl.load(g_ptr + g * 4 + 2, mask=gm, other=1.0)
    gy2 = tl.load(g_ptr + g * 4 + 3, mask=gm, other=1.0)
    best = tl.full([BG], -1.0, tl.float32)
    for start in range(0, A, BA):
        a = start + tl.arange(0, BA)
        am = a < A
        ax1 = tl.load(a_ptr + a * 4 + 0, mask=am, other=0.0)
        ay1 = tl.load(a_ptr + a * 4 + 1, mask=am, other=0.0)
        ax2 = tl.load(a_ptr + a * 4 + 2, mask=am, other=1.0)
        ay2 = tl.load(a_ptr + a * 4 + 3, mask=am, other=1.0)
        iou = _iou(ax1, ay1, ax2, ay2, gx1, gy1, gx2, gy2)
        iou = tl.where(am[:, None], iou, -1.0)
        best = tl.maximum(best, tl.max(iou, axis=0))
    tl.store(gmax_ptr + g, best, mask=gm)


@triton.jit
def assign_kernel(a_ptr, g_ptr, gmax_ptr, out_ptr, A, G, POS_THR, NEG_THR, MIN_POS,
                  BA: tl.constexpr, BG: tl.constexpr):
    a = tl.program_id(0) * BA + tl.arange(0, BA)
    g = tl.arange(0, BG)
    am = a < A
    gm = g < G
    ax1 = tl.load(a_ptr + a * 4 + 0, mask=am, other=0.0)
    ay1 = tl.load(a_ptr + a * 4 + 1, mask=am, other=0.0)
    ax2 = tl.load(a_ptr + a * 4 + 2, mask=am, other=1.0)
    ay2 = tl.load(a_ptr + a * 4 + 3, mask=am, other=1.0)
    gx1 = tl.load(g_ptr + g * 4 + 0, mask=gm, other=0.0)
    gy1 = tl.load(g_ptr + g * 4 + 1, mask=gm, other=0.0)
    gx2 = tl.load(g_ptr + g * 4 + 2, mask=gm, other=1.0)
    gy2 = tl.load(g_ptr + g * 4 + 3, mask=gm, other=1.0)
    iou = _iou(ax1, ay1, ax2, ay2, gx1, gy1, gx2, gy2)
    iou = tl.where(gm[None, :], iou, -1.0)
    mx = tl.max(iou, axis=1)
    arg = tl.min(tl.where(iou == mx[:, None], g[None, :], BG), axis=1)
    gmax = tl.load(gmax_ptr + g, mask=gm, other=2.0)
    forced = (iou == gmax[None, :]) & (gmax[None, :] >= MIN_POS) & gm[None, :]
    last = tl.max(tl.where(forced, g[None, :], -1), axis=1)
    res = tl.where(mx < NEG_THR, 0, -1)
    res = tl.where(mx >= POS_THR, arg + 1, res)
    res = tl.where(last >= 0, last + 1, res)
    tl.store(out_ptr + a, res.to(tl.int64), mask=am)


class ModelNew(nn.Module):
    def __init__(self, pos_iou_thr: float = 0.5, neg_iou_thr: float = 0.4, min_pos_iou: float = 0.3):
        super().__init__()
        self.pos_iou_thr = pos_iou_thr
        self.neg_iou_thr = neg_iou_thr
        self.min_pos_iou = min_pos_iou

    def forward(self, anchors: torch.Tensor, gt_boxes: torch.Tensor) -> torch.Tensor:
        anchors = anchors.contiguous()
        gt_boxes = gt_boxes.contiguous()
        n_a = anchors.shape[0]
        n_g = gt_boxes.shape[0]
        gmax = torch.empty(n_g, device=anchors.device, dtype=anchors.dtype)
        out = torch.empty(n_a, device=anchors.device, dtype=torch.int64)
        BG = max(16, triton.next_power_of_2(n_g))
        gt_max_kernel[(triton.cdiv(n_g, BG),)](anchors, gt_boxes, gmax, n_a, n_g, BA=128, BG=BG)
        BA = 64
        assign_kernel[(triton.cdiv(n_a, BA),)](anchors, gt_boxes, gmax, out, n_a, n_g,
                                               self.pos_iou_thr, self.neg_iou_thr, self.min_pos_iou, BA=BA, BG=BG)
        return out
