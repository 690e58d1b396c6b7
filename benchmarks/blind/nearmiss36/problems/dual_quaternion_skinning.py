"""Dual quaternion skinning (Kavan et al. 2007): blend bone dual quaternions per vertex, hemisphere-aligned to the
vertex's most weighted bone, normalise and transform the rest-pose vertices. Quaternions are (w, x, y, z)."""

import torch
import torch.nn as nn

num_vertices = 500
num_bones = 6


def _qmul(a, b):
    aw, ax, ay, az = a.unbind(-1)
    bw, bx, by, bz = b.unbind(-1)
    return torch.stack([aw * bw - ax * bx - ay * by - az * bz,
                        aw * bx + ax * bw + ay * bz - az * by,
                        aw * by - ax * bz + ay * bw + az * bx,
                        aw * bz + ax * by - ay * bx + az * bw], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts, weights, rot, trans):
        qr = rot / rot.norm(dim=1, keepdim=True)
        t = torch.cat([torch.zeros_like(trans[:, :1]), trans], dim=1)
        qd = 0.5 * _qmul(t, qr)
        pivot = qr[weights.argmax(dim=1)]
        sign = torch.where(pivot @ qr.t() >= 0, 1.0, -1.0)
        ws = weights * sign
        br = ws @ qr
        bd = ws @ qd
        n = br.norm(dim=1, keepdim=True)
        br = br / n
        bd = bd / n
        rw, rv = br[:, :1], br[:, 1:]
        dw, dv = bd[:, :1], bd[:, 1:]
        p = verts
        rot_p = p + 2.0 * torch.cross(rv, torch.cross(rv, p, dim=1) + rw * p, dim=1)
        tr = 2.0 * (rw * dv - dw * rv + torch.cross(rv, dv, dim=1))
        return rot_p + tr


def get_inputs():
    verts = torch.randn(num_vertices, 3)
    logits = 3.0 * torch.randn(num_vertices, num_bones)
    top = logits.topk(3, dim=1).values[:, 2:3]
    weights = torch.softmax(logits.masked_fill(logits < top, float("-inf")), dim=1)
    axis = torch.randn(num_bones, 3)
    axis = axis / axis.norm(dim=1, keepdim=True)
    ang = 0.3 + 1.2 * torch.rand(num_bones, 1)
    rot = torch.cat([torch.cos(ang / 2), torch.sin(ang / 2) * axis], dim=1)
    rot[1::2] = -rot[1::2]
    rot = rot * (0.5 + torch.rand(num_bones, 1))
    trans = torch.randn(num_bones, 3)
    return [verts, weights, rot, trans]


def get_init_inputs():
    return []
