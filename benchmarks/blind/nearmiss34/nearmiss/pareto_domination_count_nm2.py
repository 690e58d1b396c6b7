"""Triton Pareto domination counts: (point block x all points) comparison tiles, one objective at a time."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pareto_kernel(f_ptr, out_ptr, n_pts, n_obj, BLOCK_I: tl.constexpr, BLOCK_J: tl.constexpr):
    s = tl.program_id(0)
    ri = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    rj = tl.arange(0, BLOCK_J)
    mi = ri < n_pts
    mj = rj < n_pts
    base = f_ptr + s * n_pts * n_obj
    all_le = tl.full([BLOCK_I, BLOCK_J], 1, tl.int1)
    any_lt = tl.full([BLOCK_I, BLOCK_J], 0, tl.int1)
    for m in range(n_obj):
        fi = tl.load(base + ri * n_obj + m, mask=mi, other=0.0)
        fj = tl.load(base + rj * n_obj + m, mask=mj, other=0.0)
        all_le = all_le & (fj[None, :] <= fi[:, None])
        any_lt = any_lt | (fj[None, :] < fi[:, None])
    dom = all_le & any_lt & (ri[:, None] != rj[None, :])
    cnt = tl.sum(tl.where(dom, 1, 0), axis=1)
    tl.store(out_ptr + s * n_pts + ri, cnt.to(tl.int64), mask=mi)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, f: torch.Tensor) -> torch.Tensor:
        f = f.contiguous()
        n_sets, n_pts, n_obj = f.shape
        out = torch.empty(n_sets, n_pts, device=f.device, dtype=torch.int64)
        block_i = 32
        grid = (n_sets, triton.cdiv(n_pts, block_i))
        pareto_kernel[grid](f, out, n_pts, n_obj, BLOCK_I=block_i, BLOCK_J=triton.next_power_of_2(n_pts))
        return out
