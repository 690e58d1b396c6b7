"""Triton rotation matrix -> quaternion, one matrix per lane, four-way branch with tl.where."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _safe_s(v):
    return tl.sqrt(tl.maximum(v, 1e-12)) * 2.0


@triton.jit
def rotmat_to_quat_kernel(r_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    base = r_ptr + offs * 9
    m00 = tl.load(base + 0, mask=mask, other=1.0)
    m01 = tl.load(base + 1, mask=mask, other=0.0)
    m02 = tl.load(base + 2, mask=mask, other=0.0)
    m10 = tl.load(base + 3, mask=mask, other=0.0)
    m11 = tl.load(base + 4, mask=mask, other=1.0)
    m12 = tl.load(base + 5, mask=mask, other=0.0)
    m20 = tl.load(base + 6, mask=mask, other=0.0)
    m21 = tl.load(base + 7, mask=mask, other=0.0)
    m22 = tl.load(base + 8, mask=mask, other=1.0)
    tr = m00 + m11 + m22
    use0 = tr > 0
    use1 = (~use0) & (m00 > m11) & (m00 > m22)
    use2 = (~use0) & (~use1) & (m11 > m22)
    s = tl.where(use0, _safe_s(tr + 1.0),
                 tl.where(use1, _safe_s(1.0 + m00 - m11 - m22),
                          tl.where(use2, _safe_s(1.0 + m11 - m00 - m22), _safe_s(1.0 + m22 - m00 - m11))))
    qw = tl.where(use0, 0.25 * s, tl.where(use1, (m21 - m12) / s, tl.where(use2, (m02 - m20) / s, (m10 - m01) / s)))
    qx = tl.where(use0, (m21 - m12) / s, tl.where(use1, 0.25 * s, tl.where(use2, (m01 + m10) / s, (m02 + m20) / s)))
    qy = tl.where(use0, (m02 - m20) / s, tl.where(use1, (m01 + m10) / s, tl.where(use2, 0.25 * s, (m12 + m21) / s)))
    qz = tl.where(use0, (m10 - m01) / s, tl.where(use1, (m02 + m20) / s, tl.where(use2, (m12 - m21) / s, 0.25 * s)))
    sign = tl.where(qw < 0, -1.0, 1.0)
    ob = out_ptr + offs * 4
    tl.store(ob + 0, qw * sign, mask=mask)
    tl.store(ob + 1, qx * sign, mask=mask)
    tl.store(ob + 2, qy * sign, mask=mask)
    tl.store(ob + 3, qz * sign, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, R: torch.Tensor) -> torch.Tensor:
        R = R.contiguous()
        n = R.shape[0]
        out = torch.empty(n, 4, device=R.device, dtype=R.dtype)
        BLOCK = 256
        rotmat_to_quat_kernel[(triton.cdiv(n, BLOCK),)](R, out, n, BLOCK=BLOCK)
        return out
