"""Monotonic rational-quadratic spline transform with linear tails (Durkan et al. 2019, nflows
`unconstrained_rational_quadratic_spline`, forward direction): tail bound 3, minimum bin width, height and
derivative 1e-3, boundary derivatives 1. Returns the outputs and the log absolute derivatives, stacked on a
last axis of size 2."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

num_points = 50
dim = 6
num_bins = 8


class Model(nn.Module):
    def __init__(self, num_bins: int):
        super().__init__()
        self.num_bins = num_bins
        self.bound = 3.0
        self.min_w = 1e-3
        self.min_h = 1e-3
        self.min_d = 1e-3

    def forward(self, x, uw, uh, ud):
        kb = self.num_bins
        bnd = self.bound
        inside = (x >= -bnd) & (x <= bnd)
        const = math.log(math.exp(1.0 - self.min_d) - 1.0)
        pad = torch.full_like(ud[..., :1], const)
        ud = torch.cat([pad, ud, pad], dim=-1)

        w = F.softmax(uw, dim=-1)
        w = self.min_w + (1.0 - self.min_w * kb) * w
        cw = torch.cumsum(w, dim=-1)
        cw = F.pad(cw, (1, 0), value=0.0)
        cw = 2.0 * bnd * cw - bnd
        cw[..., 0] = -bnd
        cw[..., -1] = bnd
        w = cw[..., 1:] - cw[..., :-1]

        der = self.min_d + F.softplus(ud)

        h = F.softmax(uh, dim=-1)
        h = self.min_h + (1.0 - self.min_h * kb) * h
        ch = torch.cumsum(h, dim=-1)
        ch = F.pad(ch, (1, 0), value=0.0)
        ch = 2.0 * bnd * ch - bnd
        ch[..., 0] = -bnd
        ch[..., -1] = bnd
        h = ch[..., 1:] - ch[..., :-1]

        loc = cw.clone()
        loc[..., -1] += 1e-6
        idx = (torch.sum(x[..., None] >= loc, dim=-1) - 1).clamp(0, kb - 1)[..., None]

        in_cw = cw.gather(-1, idx)[..., 0]
        in_w = w.gather(-1, idx)[..., 0]
        in_ch = ch.gather(-1, idx)[..., 0]
        delta = h / w
        in_delta = delta.gather(-1, idx)[..., 0]
        in_d = der.gather(-1, idx)[..., 0]
        in_d1 = der[..., 1:].gather(-1, idx)[..., 0]
        in_h = h.gather(-1, idx)[..., 0]

        theta = (x - in_cw) / in_w
        t1 = theta * (1.0 - theta)
        num = in_h * (in_delta * theta.pow(2) + in_d * t1)
        den = in_delta + (in_d + in_d1 - 2.0 * in_delta) * t1
        y = in_ch + num / den
        dnum = in_delta.pow(2) * (in_d1 * theta.pow(2) + 2.0 * in_delta * t1 + in_d * (1.0 - theta).pow(2))
        lad = torch.log(dnum) - 2.0 * torch.log(den)

        y = torch.where(inside, y, x)
        lad = torch.where(inside, lad, torch.zeros_like(lad))
        return torch.stack([y, lad], dim=-1)


def get_inputs():
    x = 1.8 * torch.randn(num_points, dim)
    x[::7, 0] = 0.0
    uw = 0.6 * torch.randn(num_points, dim, num_bins)
    uh = 0.6 * torch.randn(num_points, dim, num_bins)
    ud = 0.6 * torch.randn(num_points, dim, num_bins - 1)
    return [x, uw, uh, ud]


def get_init_inputs():
    return [num_bins]
