"""Triton matrix NMS: a tiled mask-IoU kernel (tl.dot over pixel chunks), a column-max kernel for the
compensation terms and a column-min kernel for the decayed scores."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mask_iou_kernel(m_ptr, iou_ptr, N, HW, BLOCK: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    rm = rows < N
    cm = cols < N
    inter = tl.zeros([BLOCK, BLOCK], dtype=tl.float32)
    area_r = tl.zeros([BLOCK], dtype=tl.float32)
    area_c = tl.zeros([BLOCK], dtype=tl.float32)
    for k0 in range(0, HW, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        km = ks < HW
        a = tl.load(m_ptr + rows[:, None] * HW + ks[None, :], mask=rm[:, None] & km[None, :], other=0).to(tl.float32)
        b = tl.load(m_ptr + cols[:, None] * HW + ks[None, :], mask=cm[:, None] & km[None, :], other=0).to(tl.float32)
        inter += tl.dot(a, tl.trans(b), input_precision="ieee")
        area_r += tl.sum(a, axis=1)
        area_c += tl.sum(b, axis=1)
    union = area_r[:, None] + area_c[None, :] - inter
    keep = rows[:, None] < cols[None, :]
    iou = tl.where(keep, inter / union, 0.0)
    tl.store(iou_ptr + rows[:, None] * N + cols[None, :], iou, mask=rm[:, None] & cm[None, :])


@triton.jit
def column_max_kernel(iou_ptr, comp_ptr, N, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cm = cols < N
    best = tl.zeros([BLOCK], dtype=tl.float32)
    for i0 in range(0, N, BLOCK):
        rows = i0 + tl.arange(0, BLOCK)
        v = tl.load(iou_ptr + rows[:, None] * N + cols[None, :], mask=(rows < N)[:, None] & cm[None, :], other=0.0)
        best = tl.maximum(best, tl.max(v, axis=0))
    tl.store(comp_ptr + cols, best, mask=cm)


@triton.jit
def decay_kernel(iou_ptr, comp_ptr, s_ptr, out_ptr, N, sigma, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cm = cols < N
    low = tl.full([BLOCK], float("inf"), dtype=tl.float32)
    for i0 in range(0, N, BLOCK):
        rows = i0 + tl.arange(0, BLOCK)
        rm = rows < N
        v = tl.load(iou_ptr + rows[:, None] * N + cols[None, :], mask=rm[:, None] & cm[None, :], other=0.0)
        comp = tl.load(comp_ptr + rows, mask=rm, other=0.0)
        d = tl.exp(-sigma * v * v) / tl.exp(-sigma * comp * comp)[:, None]
        low = tl.minimum(low, tl.min(tl.where(rm[:, None], d, float("inf")), axis=0))
    s = tl.load(s_ptr + cols, mask=cm, other=0.0)
    tl.store(out_ptr + cols, s * low, mask=cm)


class ModelNew(nn.Module):
    def __init__(self, sigma=2.0):
        super().__init__()
        self.sigma = sigma

    def forward(self, masks, scores):
        n = masks.shape[0]
        m = masks.reshape(n, -1).contiguous().view(torch.uint8)
        HW = m.shape[1]
        scores = scores.contiguous()
        iou = torch.empty(n, n, device=scores.device, dtype=torch.float32)
        comp = torch.empty(n, device=scores.device, dtype=torch.float32)
        out = torch.empty_like(scores)
        BLOCK = 32
        nb = triton.cdiv(n, BLOCK)
        mask_iou_kernel[(nb, nb)](m, iou, n, HW, BLOCK=BLOCK, BLOCK_K=64)
        column_max_kernel[(nb,)](iou, comp, n, BLOCK=BLOCK)
        decay_kernel[(nb,)](iou, comp, scores, out, n, float(self.sigma), BLOCK=BLOCK)
        return out
