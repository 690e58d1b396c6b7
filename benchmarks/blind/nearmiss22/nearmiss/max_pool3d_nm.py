"""3-D max pooling (padding, dilation) in Triton: batch, channel and output voxels flattened into one axis, one
program per block of it, the kernel window unrolled at compile time with out-of-volume taps masked to -inf."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_pool3d_kernel(x_ptr, out_ptr, total, D, H, W, OD, OH, OW, stride, pad, dil,
                      K: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    plane = offs // (OD * OH * OW)
    r = offs % (OD * OH * OW)
    od = r // (OH * OW)
    oh = (r // OW) % OH
    ow = r % OW
    base = plane * D * H * W
    acc = tl.full((BLOCK,), float("-inf"), tl.float32)
    for kd in tl.static_range(K):
        idd = od * stride - pad + kd * dil
        for kh in tl.static_range(K):
            ih = oh * stride + kh * dil
            for kw in tl.static_range(K):
                iw = ow * stride - pad + kw * dil
                ok = mask & (idd >= 0) & (idd < D) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
                v = tl.load(x_ptr + base + (idd * H + ih) * W + iw, mask=ok, other=float("-inf"))
                acc = tl.maximum(acc, v)
    tl.store(out_ptr + offs, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int, padding: int, dilation: int):
        super().__init__()
        self.k, self.s, self.p, self.d = kernel_size, stride, padding, dilation

    def forward(self, x):
        x = x.contiguous()
        B, C, D, H, W = x.shape
        span = self.d * (self.k - 1) + 1
        OD = (D + 2 * self.p - span) // self.s + 1
        OH = (H + 2 * self.p - span) // self.s + 1
        OW = (W + 2 * self.p - span) // self.s + 1
        out = torch.empty(B, C, OD, OH, OW, device=x.device, dtype=x.dtype)
        total = B * C * OD * OH * OW
        BLOCK = 512
        max_pool3d_kernel[(triton.cdiv(total, BLOCK),)](x, out, total, D, H, W, OD, OH, OW, self.s, self.p, self.d,
                                                        K=self.k, BLOCK=BLOCK)
        return out
