"""3DGS covariance in Triton: one lane per Gaussian, the 3 x 3 algebra unrolled."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cov3d_kernel(ls_ptr, q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    sx = tl.exp(tl.load(ls_ptr + offs * 3 + 0, mask=m, other=0.0))
    sy = tl.exp(tl.load(ls_ptr + offs * 3 + 1, mask=m, other=0.0))
    sz = tl.exp(tl.load(ls_ptr + offs * 3 + 2, mask=m, other=0.0))
    qw = tl.load(q_ptr + offs * 4 + 0, mask=m, other=1.0)
    qx = tl.load(q_ptr + offs * 4 + 1, mask=m, other=0.0)
    qy = tl.load(q_ptr + offs * 4 + 2, mask=m, other=0.0)
    qz = tl.load(q_ptr + offs * 4 + 3, mask=m, other=0.0)
    inv = 1.0
    w = qw * inv
    x = qx * inv
    y = qy * inv
    z = qz * inv
    r00 = 1 - 2 * (y * y + z * z)
    r01 = 2 * (x * y - w * z)
    r02 = 2 * (x * z + w * y)
    r10 = 2 * (x * y + w * z)
    r11 = 1 - 2 * (x * x + z * z)
    r12 = 2 * (y * z - w * x)
    r20 = 2 * (x * z - w * y)
    r21 = 2 * (y * z + w * x)
    r22 = 1 - 2 * (x * x + y * y)
    l00 = r00 * sx
    l01 = r01 * sy
    l02 = r02 * sz
    l10 = r10 * sx
    l11 = r11 * sy
    l12 = r12 * sz
    l20 = r20 * sx
    l21 = r21 * sy
    l22 = r22 * sz
    o = out_ptr + offs * 6
    tl.store(o + 0, l00 * l00 + l01 * l01 + l02 * l02, mask=m)
    tl.store(o + 1, l00 * l10 + l01 * l11 + l02 * l12, mask=m)
    tl.store(o + 2, l00 * l20 + l01 * l21 + l02 * l22, mask=m)
    tl.store(o + 3, l10 * l10 + l11 * l11 + l12 * l12, mask=m)
    tl.store(o + 4, l10 * l20 + l11 * l21 + l12 * l22, mask=m)
    tl.store(o + 5, l20 * l20 + l21 * l21 + l22 * l22, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_scales: torch.Tensor, quats: torch.Tensor) -> torch.Tensor:
        log_scales = log_scales.contiguous()
        quats = quats.contiguous()
        n = log_scales.shape[0]
        out = torch.empty(n, 6, device=log_scales.device, dtype=log_scales.dtype)
        BLOCK = 256
        cov3d_kernel[(triton.cdiv(n, BLOCK),)](log_scales, quats, out, n, BLOCK=BLOCK)
        return out
