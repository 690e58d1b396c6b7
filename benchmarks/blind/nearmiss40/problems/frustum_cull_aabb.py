"""Frustum culling of axis-aligned bounding boxes: 0 = outside, 1 = intersecting, 2 = inside.

Each view has six planes (n, d) whose inside is n . p + d >= 0. For every plane the box's positive vertex
(per axis the max corner where n_k >= 0, else the min corner) and negative vertex (the opposite corner) are
tested: a box is outside when some plane has n . p_vertex + d < 0, intersecting when it is not outside and some
plane has n . n_vertex + d < 0, and inside otherwise (the classic p/n-vertex test, e.g. Assarsson and Moller
2000). Boxes are (min_x, min_y, min_z, max_x, max_y, max_z). Views are perspective cameras and axis-aligned
orthographic shadow-cascade boxes; coordinates are quantised to 1/4 so boxes touch planes exactly.
"""

import math

import torch
import torch.nn as nn

num_views = 8
num_boxes = 2000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, planes: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        n = planes[:, :, None, 0:3]                      # (V, 6, 1, 3)
        d = planes[:, :, None, 3]                        # (V, 6, 1)
        bmin = boxes[None, None, :, 0:3]                 # (1, 1, B, 3)
        bmax = boxes[None, None, :, 3:6]
        pos = n >= 0
        pv = torch.where(pos, bmax, bmin)
        nv = torch.where(pos, bmin, bmax)
        dp = n[..., 0] * pv[..., 0] + n[..., 1] * pv[..., 1] + n[..., 2] * pv[..., 2] + d
        dn = n[..., 0] * nv[..., 0] + n[..., 1] * nv[..., 1] + n[..., 2] * nv[..., 2] + d
        outside = (dp < 0).any(dim=1)
        crossing = (dn < 0).any(dim=1)
        two = torch.full_like(outside, 2, dtype=torch.int64)
        return torch.where(outside, torch.zeros_like(two), torch.where(crossing, torch.ones_like(two), two))


def _q(t):
    return torch.round(t * 4.0) / 4.0


def _perspective(cam, fwd, right, up, hx, hy, near, far):
    rows = []
    for nrm in (math.cos(hx) * right + math.sin(hx) * fwd, -math.cos(hx) * right + math.sin(hx) * fwd,
                math.cos(hy) * up + math.sin(hy) * fwd, -math.cos(hy) * up + math.sin(hy) * fwd):
        rows.append(torch.cat([nrm, -(nrm * cam).sum().reshape(1)]))
    rows.append(torch.cat([fwd, (-(fwd * cam).sum() - near).reshape(1)]))
    rows.append(torch.cat([-fwd, ((fwd * cam).sum() + far).reshape(1)]))
    return torch.stack(rows)


def get_inputs():
    views = []
    for v in range(num_views):
        kind = v % 4
        if kind == 3:
            # orthographic cascade box [lo, hi] on every axis
            lo = _q(torch.empty(3).uniform_(-16.0, -2.0))
            hi = lo + _q(torch.empty(3).uniform_(6.0, 20.0))
            rows = []
            for k in range(3):
                e = torch.zeros(3)
                e[k] = 1.0
                rows.append(torch.cat([e, -lo[k].reshape(1)]))
                rows.append(torch.cat([-e, hi[k].reshape(1)]))
            views.append(torch.stack(rows))
            continue
        cam = _q(torch.empty(3).uniform_(-6.0, 6.0))
        if kind == 2:
            fwd, right, up = torch.tensor([0.0, 0.0, -1.0]), torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0])
            cam[2] = 14.0 + _q(torch.rand(1) * 4.0)[0]
        else:
            yaw = float(torch.rand(1)) * 2.0 * math.pi
            pitch = (float(torch.rand(1)) - 0.5) * 0.8
            fwd = torch.tensor([math.cos(pitch) * math.sin(yaw), math.sin(pitch), -math.cos(pitch) * math.cos(yaw)])
            right = torch.tensor([math.cos(yaw), 0.0, math.sin(yaw)])
            up = torch.linalg.cross(right, fwd)
        hy = 0.5 * math.radians(40.0 + 40.0 * float(torch.rand(1)))
        hx = math.atan(math.tan(hy) * 16.0 / 9.0)
        near = float(_q(torch.empty(1).uniform_(0.25, 2.0))[0])
        far = float(_q(torch.empty(1).uniform_(18.0, 30.0))[0])
        views.append(_perspective(cam, fwd, right, up, hx, hy, near, far))
    planes = torch.stack(views).float()
    bmin = _q(torch.empty(num_boxes, 3).uniform_(-20.0, 20.0))
    size = _q(torch.empty(num_boxes, 3).uniform_(0.25, 4.0).pow(1.3))
    boxes = torch.cat([bmin, bmin + size], dim=1)
    return [planes, boxes]


def get_init_inputs():
    return []
