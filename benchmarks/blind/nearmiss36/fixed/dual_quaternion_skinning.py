"""Dual quaternion skinning: one program per vertex block, bones visited twice (a pivot pass, then the blend)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _bone(rot_ptr, tr_ptr, j):
    qw = tl.load(rot_ptr + j * 4 + 0)
    qx = tl.load(rot_ptr + j * 4 + 1)
    qy = tl.load(rot_ptr + j * 4 + 2)
    qz = tl.load(rot_ptr + j * 4 + 3)
    inv = 1.0 / tl.sqrt(qw * qw + qx * qx + qy * qy + qz * qz)
    return qw * inv, qx * inv, qy * inv, qz * inv


@triton.jit
def dqs_kernel(v_ptr, w_ptr, rot_ptr, tr_ptr, out_ptr, V, J, s_v, s_w, s_o, VB: tl.constexpr):
    vid = tl.program_id(0) * VB + tl.arange(0, VB)
    vm = vid < V
    best = tl.full([VB], -1.0, dtype=tl.float32)
    pw = tl.zeros([VB], dtype=tl.float32)
    px = tl.zeros([VB], dtype=tl.float32)
    py = tl.zeros([VB], dtype=tl.float32)
    pz = tl.zeros([VB], dtype=tl.float32)
    for j in range(J):
        wj = tl.load(w_ptr + vid * s_w + j, mask=vm, other=0.0)
        qw, qx, qy, qz = _bone(rot_ptr, tr_ptr, j)
        take = wj > best
        best = tl.where(take, wj, best)
        pw = tl.where(take, qw, pw)
        px = tl.where(take, qx, px)
        py = tl.where(take, qy, py)
        pz = tl.where(take, qz, pz)
    rw = tl.zeros([VB], dtype=tl.float32)
    rx = tl.zeros([VB], dtype=tl.float32)
    ry = tl.zeros([VB], dtype=tl.float32)
    rz = tl.zeros([VB], dtype=tl.float32)
    dw = tl.zeros([VB], dtype=tl.float32)
    dx = tl.zeros([VB], dtype=tl.float32)
    dy = tl.zeros([VB], dtype=tl.float32)
    dz = tl.zeros([VB], dtype=tl.float32)
    for j in range(J):
        wj = tl.load(w_ptr + vid * s_w + j, mask=vm, other=0.0)
        qw, qx, qy, qz = _bone(rot_ptr, tr_ptr, j)
        tx = tl.load(tr_ptr + j * 3 + 0)
        ty = tl.load(tr_ptr + j * 3 + 1)
        tz = tl.load(tr_ptr + j * 3 + 2)
        s = tl.where(pw * qw + px * qx + py * qy + pz * qz >= 0, wj, -wj)
        rw += s * qw
        rx += s * qx
        ry += s * qy
        rz += s * qz
        dw += s * (-0.5 * (tx * qx + ty * qy + tz * qz))
        dx += s * (0.5 * (tx * qw + ty * qz - tz * qy))
        dy += s * (0.5 * (-tx * qz + ty * qw + tz * qx))
        dz += s * (0.5 * (tx * qy - ty * qx + tz * qw))
    n = tl.sqrt(rw * rw + rx * rx + ry * ry + rz * rz)
    n = tl.where(vm, n, 1.0)
    rw = rw / n
    rx = rx / n
    ry = ry / n
    rz = rz / n
    dw = dw / n
    dx = dx / n
    dy = dy / n
    dz = dz / n
    p0 = tl.load(v_ptr + vid * s_v + 0, mask=vm, other=0.0)
    p1 = tl.load(v_ptr + vid * s_v + 1, mask=vm, other=0.0)
    p2 = tl.load(v_ptr + vid * s_v + 2, mask=vm, other=0.0)
    a0 = ry * p2 - rz * p1 + rw * p0
    a1 = rz * p0 - rx * p2 + rw * p1
    a2 = rx * p1 - ry * p0 + rw * p2
    o0 = p0 + 2.0 * (ry * a2 - rz * a1) + 2.0 * (rw * dx - dw * rx + (ry * dz - rz * dy))
    o1 = p1 + 2.0 * (rz * a0 - rx * a2) + 2.0 * (rw * dy - dw * ry + (rz * dx - rx * dz))
    o2 = p2 + 2.0 * (rx * a1 - ry * a0) + 2.0 * (rw * dz - dw * rz + (rx * dy - ry * dx))
    tl.store(out_ptr + vid * s_o + 0, o0, mask=vm)
    tl.store(out_ptr + vid * s_o + 1, o1, mask=vm)
    tl.store(out_ptr + vid * s_o + 2, o2, mask=vm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts, weights, rot, trans):
        verts, weights, rot, trans = (a.contiguous() for a in (verts, weights, rot, trans))
        v = verts.shape[0]
        j = rot.shape[0]
        out = torch.empty_like(verts)
        VB = 64
        dqs_kernel[(triton.cdiv(v, VB),)](verts, weights, rot, trans, out, v, j, verts.stride(0), weights.stride(0),
                                          out.stride(0), VB=VB)
        return out
