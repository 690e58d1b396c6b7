"""A Triton Bezier evaluator in Bernstein form: a (parameter x control point) tile builds the basis
C(n, i) t^i (1 - t)^(n - i) with running products, then contracts it with the x / y control coordinates."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bezier_kernel(ctrl_ptr, t_ptr, out_ptr, T, NPTS, BT: tl.constexpr, BP: tl.constexpr):
    cv = tl.program_id(0)
    toffs = tl.program_id(1) * BT + tl.arange(0, BT)
    tmask = toffs < T
    t = tl.load(t_ptr + toffs, mask=tmask, other=0.0)
    i = tl.arange(0, BP)
    pmask = i < NPTS
    n = NPTS - 1
    basis = tl.full([BT, BP], 1.0, dtype=tl.float32)
    for k in range(0, n):
        basis *= tl.where(k < i[None, :], t[:, None], 1.0)
        basis *= tl.where(k < n - i[None, :], 1.0 - t[:, None], 1.0)
        basis *= tl.where(k < i[None, :], (n - k) / (k + 1.0), 1.0)
    basis = tl.where(pmask[None, :], basis, 0.0)
    px = tl.load(ctrl_ptr + cv * NPTS * 2 + i * 2, mask=pmask, other=0.0)
    py = tl.load(ctrl_ptr + cv * NPTS * 2 + i * 2 + 1, mask=pmask, other=0.0)
    ox = tl.sum(basis * px[None, :], axis=1)
    oy = tl.sum(basis * py[None, :], axis=1)
    tl.store(out_ptr + (cv * T + toffs) * 2, ox, mask=tmask)
    tl.store(out_ptr + (cv * T + toffs) * 2 + 1, oy, mask=tmask)


class ModelNew(nn.Module):
    def __init__(self, degree: int):
        super().__init__()
        self.degree = degree

    def forward(self, ctrl: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        ctrl = ctrl.contiguous()
        C, T = ctrl.shape[0], t.shape[0]
        out = torch.empty((C, T, 2), dtype=ctrl.dtype, device=ctrl.device)
        BT = 128
        grid = (C, triton.cdiv(T, BT))
        bezier_kernel[grid](ctrl, t.contiguous(), out, T, self.degree + 1, BT=BT,
                            BP=triton.next_power_of_2(self.degree + 1))
        return out
