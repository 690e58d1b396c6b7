"""Triton Biot-Savart field: a block of field points per program, looping over the segments."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _cross(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@triton.jit
def biot_savart_kernel(seg_ptr, cur_ptr, pts_ptr, out_ptr, P, S, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    p = pid * BLOCK + tl.arange(0, BLOCK)
    pm = p < P
    px = tl.load(pts_ptr + p * 3 + 0, mask=pm, other=0.0)
    py = tl.load(pts_ptr + p * 3 + 1, mask=pm, other=0.0)
    pz = tl.load(pts_ptr + p * 3 + 2, mask=pm, other=0.0)
    bx = tl.zeros([BLOCK], dtype=tl.float32)
    by = tl.zeros([BLOCK], dtype=tl.float32)
    bz = tl.zeros([BLOCK], dtype=tl.float32)
    for s in range(1, S):
        sp = seg_ptr + s * 6
        ax = px - tl.load(sp + 0)
        ay = py - tl.load(sp + 1)
        az = pz - tl.load(sp + 2)
        ex = px - tl.load(sp + 3)
        ey = py - tl.load(sp + 4)
        ez = pz - tl.load(sp + 5)
        la = tl.sqrt(ax * ax + ay * ay + az * az)
        lb = tl.sqrt(ex * ex + ey * ey + ez * ez)
        cx, cy, cz = _cross(ax, ay, az, ex, ey, ez)
        dot = ax * ex + ay * ey + az * ez
        f = tl.load(cur_ptr + s) * (la + lb) / (la * lb * (la * lb + dot))
        bx += cx * f
        by += cy * f
        bz += cz * f
    tl.store(out_ptr + p * 3 + 0, bx, mask=pm)
    tl.store(out_ptr + p * 3 + 1, by, mask=pm)
    tl.store(out_ptr + p * 3 + 2, bz, mask=pm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, seg: torch.Tensor, current: torch.Tensor, pts: torch.Tensor) -> torch.Tensor:
        seg = seg.contiguous()
        current = current.contiguous()
        pts = pts.contiguous()
        P = pts.shape[0]
        S = seg.shape[0]
        out = torch.empty((P, 3), device=pts.device, dtype=pts.dtype)
        BLOCK = 128
        biot_savart_kernel[(triton.cdiv(P, BLOCK),)](seg, current, pts, out, P, S, BLOCK=BLOCK)
        return out
