"""Generalized divisive normalization in Triton: one program per (image, block of pixels), a
(channel, pixel) tile accumulating the weighted squares channel by channel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gdn_kernel(x_ptr, beta_ptr, gamma_ptr, out_ptr, C, HW, BLOCK_C: tl.constexpr, BLOCK_P: tl.constexpr):
    n = tl.program_id(0)
    pb = tl.program_id(1)
    cs = tl.arange(0, BLOCK_C)
    ps = pb * BLOCK_P + tl.arange(0, BLOCK_P)
    cmask = cs < C
    pmask = ps < HW
    base = n * C * HW
    acc = tl.zeros([BLOCK_C, BLOCK_P], dtype=tl.float32)
    for j in range(C):
        xj = tl.load(x_ptr + base + j * HW + ps, mask=pmask, other=0.0)
        g = tl.load(gamma_ptr + cs * C + j, mask=cmask, other=0.0)
        acc += g[:, None] * (xj * xj)[None, :]
    beta = tl.load(beta_ptr + cs, mask=cmask, other=1.0)
    norm = acc + beta[:, None]
    m2 = cmask[:, None] & pmask[None, :]
    offs = base + cs[:, None] * HW + ps[None, :]
    x = tl.load(x_ptr + offs, mask=m2, other=0.0)
    tl.store(out_ptr + offs, x * tl.rsqrt(norm), mask=m2)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.beta = nn.Parameter(torch.rand(channels) + 0.5)
        self.gamma = nn.Parameter(0.1 * torch.eye(channels) + 0.05 * torch.rand(channels, channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        HW = H * W
        out = torch.empty_like(x)
        BLOCK_P = 128
        gdn_kernel[(N, triton.cdiv(HW, BLOCK_P))](x, self.beta, self.gamma.contiguous(), out, C, HW,
                                                  BLOCK_C=triton.next_power_of_2(C), BLOCK_P=BLOCK_P)
        return out
