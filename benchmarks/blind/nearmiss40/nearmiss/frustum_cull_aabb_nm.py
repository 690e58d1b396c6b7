"""Triton frustum culling: a (view, box block) grid, a loop over the six planes with scalar plane loads."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def frustum_cull_kernel(pl_ptr, box_ptr, out_ptr, n_boxes, pl_stride_v, box_stride, out_stride,
                        BLOCK: tl.constexpr):
    v = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_boxes
    bp = box_ptr + offs * box_stride
    bminx = tl.load(bp + 0, mask=mask, other=0.0)
    bminy = tl.load(bp + 1, mask=mask, other=0.0)
    bminz = tl.load(bp + 2, mask=mask, other=0.0)
    bmaxx = tl.load(bp + 3, mask=mask, other=0.0)
    bmaxy = tl.load(bp + 4, mask=mask, other=0.0)
    bmaxz = tl.load(bp + 5, mask=mask, other=0.0)
    outside = tl.zeros([BLOCK], dtype=tl.int1)
    crossing = tl.zeros([BLOCK], dtype=tl.int1)
    for p in range(6):
        pp = pl_ptr + v * pl_stride_v + p * 4
        nx = tl.load(pp + 0)
        ny = tl.load(pp + 1)
        nz = tl.load(pp + 2)
        d = tl.load(pp + 3)
        pvx = tl.where(nx >= 0.0, bmaxx, bminx)
        pvy = tl.where(ny >= 0.0, bmaxy, bminy)
        pvz = tl.where(nz >= 0.0, bmaxz, bminz)
        nvx = tl.where(nx >= 0.0, bminx, bmaxx)
        nvy = tl.where(ny >= 0.0, bminy, bmaxy)
        nvz = tl.where(nz >= 0.0, bminz, bmaxz)
        dp = nx * pvx + ny * pvy + nz * pvz + d
        dn = nx * nvx + ny * nvy + nz * nvz + d
        outside = outside | (dp <= 0.0)
        crossing = crossing | (dn < 0.0)
    res = tl.where(outside, 0, tl.where(crossing, 1, 2)).to(tl.int64)
    tl.store(out_ptr + v * out_stride + offs, res, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, planes: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        planes = planes.contiguous()
        boxes = boxes.contiguous()
        n_views = planes.shape[0]
        n_boxes = boxes.shape[0]
        out = torch.empty(n_views, n_boxes, device=boxes.device, dtype=torch.int64)
        BLOCK = 256
        grid = (n_views, triton.cdiv(n_boxes, BLOCK))
        frustum_cull_kernel[grid](planes, boxes, out, n_boxes, planes.stride(0), boxes.stride(0), out.stride(0),
                                  BLOCK=BLOCK)
        return out
