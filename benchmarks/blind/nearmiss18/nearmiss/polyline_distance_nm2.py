"""Triton point-to-polyline distance: a block of points per program, loop over the segments."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def polyline_dist_kernel(pts_ptr, nodes_ptr, out_ptr, n_pts, n_seg, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_pts
    px = tl.load(pts_ptr + offs * 2, mask=mask, other=0.0)
    py = tl.load(pts_ptr + offs * 2 + 1, mask=mask, other=0.0)
    best = tl.full([BLOCK], float("inf"), tl.float32)
    for s in range(n_seg - 1):
        ax = tl.load(nodes_ptr + s * 2)
        ay = tl.load(nodes_ptr + s * 2 + 1)
        abx = tl.load(nodes_ptr + s * 2 + 2) - ax
        aby = tl.load(nodes_ptr + s * 2 + 3) - ay
        t = ((px - ax) * abx + (py - ay) * aby) / (abx * abx + aby * aby)
        t = tl.minimum(tl.maximum(t, 0.0), 1.0)
        dx = px - (ax + t * abx)
        dy = py - (ay + t * aby)
        best = tl.minimum(best, tl.sqrt(dx * dx + dy * dy))
    tl.store(out_ptr + offs, best, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, nodes: torch.Tensor) -> torch.Tensor:
        points = points.contiguous()
        nodes = nodes.contiguous()
        n_pts = points.shape[0]
        n_seg = nodes.shape[0] - 1
        out = torch.empty(n_pts, device=points.device, dtype=points.dtype)
        BLOCK = 256
        polyline_dist_kernel[(triton.cdiv(n_pts, BLOCK),)](points, nodes, out, n_pts, n_seg, BLOCK=BLOCK)
        return out
