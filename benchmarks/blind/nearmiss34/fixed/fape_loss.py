"""Triton FAPE: (frame block x point chunk) tiles in each frame's local coordinates, summed with atomics."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _to_local(rot_ptr, tr_ptr, pos_ptr, b, fi, fm, pj, pm, n_frames, n_points):
    rb = rot_ptr + (b * n_frames + fi) * 9
    tb = tr_ptr + (b * n_frames + fi) * 3
    pb = pos_ptr + (b * n_points + pj) * 3
    dx = tl.load(pb, mask=pm, other=0.0)[None, :] - tl.load(tb, mask=fm, other=0.0)[:, None]
    dy = tl.load(pb + 1, mask=pm, other=0.0)[None, :] - tl.load(tb + 1, mask=fm, other=0.0)[:, None]
    dz = tl.load(pb + 2, mask=pm, other=0.0)[None, :] - tl.load(tb + 2, mask=fm, other=0.0)[:, None]
    r00 = tl.load(rb + 0, mask=fm, other=0.0)[:, None]
    r01 = tl.load(rb + 1, mask=fm, other=0.0)[:, None]
    r02 = tl.load(rb + 2, mask=fm, other=0.0)[:, None]
    r10 = tl.load(rb + 3, mask=fm, other=0.0)[:, None]
    r11 = tl.load(rb + 4, mask=fm, other=0.0)[:, None]
    r12 = tl.load(rb + 5, mask=fm, other=0.0)[:, None]
    r20 = tl.load(rb + 6, mask=fm, other=0.0)[:, None]
    r21 = tl.load(rb + 7, mask=fm, other=0.0)[:, None]
    r22 = tl.load(rb + 8, mask=fm, other=0.0)[:, None]
    lx = r00 * dx + r10 * dy + r20 * dz
    ly = r01 * dx + r11 * dy + r21 * dz
    lz = r02 * dx + r12 * dy + r22 * dz
    return lx, ly, lz


@triton.jit
def fape_kernel(rp_ptr, tp_ptr, pp_ptr, rt_ptr, tt_ptr, pt_ptr, out_ptr, n_frames, n_points, inv_count,
                CLAMP: tl.constexpr, SCALE: tl.constexpr, EPS: tl.constexpr,
                BLOCK_F: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    fi = tl.program_id(1) * BLOCK_F + tl.arange(0, BLOCK_F)
    fm = fi < n_frames
    acc = tl.zeros([BLOCK_F, BLOCK_N], dtype=tl.float32)
    for start in range(0, n_points, BLOCK_N):
        pj = start + tl.arange(0, BLOCK_N)
        pm = pj < n_points
        px, py, pz = _to_local(rp_ptr, tp_ptr, pp_ptr, b, fi, fm, pj, pm, n_frames, n_points)
        qx, qy, qz = _to_local(rt_ptr, tt_ptr, pt_ptr, b, fi, fm, pj, pm, n_frames, n_points)
        sq = (px - qx) * (px - qx) + (py - qy) * (py - qy) + (pz - qz) * (pz - qz)
        err = tl.minimum(tl.sqrt(sq + EPS), CLAMP) / SCALE
        acc += tl.where(fm[:, None] & pm[None, :], err, 0.0)
    tl.atomic_add(out_ptr + b, tl.sum(tl.sum(acc, axis=1), axis=0) * inv_count)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, rot_pred, trans_pred, pos_pred, rot_true, trans_true, pos_true):
        rot_pred, trans_pred, pos_pred = rot_pred.contiguous(), trans_pred.contiguous(), pos_pred.contiguous()
        rot_true, trans_true, pos_true = rot_true.contiguous(), trans_true.contiguous(), pos_true.contiguous()
        bsz, n_frames = trans_pred.shape[0], trans_pred.shape[1]
        n_points = pos_pred.shape[1]
        out = torch.zeros(bsz, device=pos_pred.device, dtype=pos_pred.dtype)
        block_f = 16
        grid = (bsz, triton.cdiv(n_frames, block_f))
        fape_kernel[grid](rot_pred, trans_pred, pos_pred, rot_true, trans_true, pos_true, out,
                          n_frames, n_points, 1.0 / (n_frames * n_points),
                          CLAMP=10.0, SCALE=10.0, EPS=1e-4, BLOCK_F=block_f, BLOCK_N=32)
        return out
