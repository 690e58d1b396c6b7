"""Triton greedy NMS: a single program ranks the boxes by score and walks the ranking, suppressing
overlaps and writing the kept indices in order."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def nms_kernel(box_ptr, score_ptr, out_ptr, n, thr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    valid = offs < n
    x1 = tl.load(box_ptr + offs * 4 + 0, mask=valid, other=0.0)
    y1 = tl.load(box_ptr + offs * 4 + 1, mask=valid, other=0.0)
    x2 = tl.load(box_ptr + offs * 4 + 2, mask=valid, other=0.0)
    y2 = tl.load(box_ptr + offs * 4 + 3, mask=valid, other=0.0)
    s = tl.load(score_ptr + offs, mask=valid)
    area = (x2 - x1) * (y2 - y1)
    s_row = s[:, None]
    s_col = s[None, :]
    ahead = (s_col > s_row) | ((s_col == s_row) & (offs[None, :] < offs[:, None]))
    rank = tl.sum(ahead.to(tl.int32), axis=1)
    tl.store(out_ptr + offs, tl.full((BLOCK,), -1, dtype=tl.int64), mask=valid)
    tl.debug_barrier()
    suppressed = tl.zeros((BLOCK,), dtype=tl.int32)
    count = 0
    for r in range(0, n):
        sel = rank == r
        idx = tl.sum(tl.where(sel, offs, 0), axis=0)
        is_sup = tl.sum(tl.where(sel, suppressed, 0), axis=0)
        bx1 = tl.sum(tl.where(sel, x1, 0.0), axis=0)
        by1 = tl.sum(tl.where(sel, y1, 0.0), axis=0)
        bx2 = tl.sum(tl.where(sel, x2, 0.0), axis=0)
        by2 = tl.sum(tl.where(sel, y2, 0.0), axis=0)
        barea = (bx2 - bx1) * (by2 - by1)
        iw = tl.maximum(tl.minimum(x2, bx2) - tl.maximum(x1, bx1), 0.0)
        ih = tl.maximum(tl.minimum(y2, by2) - tl.maximum(y1, by1), 0.0)
        inter = iw * ih
        iou = inter / (area + barea - inter)
        keep = is_sup == 0
        tl.store(out_ptr + count, idx.to(tl.int64), mask=keep)
        count += keep.to(tl.int32)
        suppressed = tl.where(keep & (iou > thr) & valid, 1, suppressed)


class ModelNew(nn.Module):
    def __init__(self, iou_threshold: float):
        super().__init__()
        self.iou_threshold = iou_threshold

    def forward(self, boxes: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        boxes = boxes.contiguous()
        n = boxes.shape[0]
        out = torch.empty(n, dtype=torch.int64, device=boxes.device)
        nms_kernel[(1,)](boxes, scores.contiguous(), out, n, self.iou_threshold,
                         BLOCK=triton.next_power_of_2(n))
        return out
