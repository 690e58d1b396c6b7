"""Depthwise 3x3 convolution (padding 1) in Triton: 2-D grid over (image-channel, pixel block)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def dwconv_kernel(x_ptr, w_ptr, b_ptr, out_ptr, C, H, W, BLOCK: tl.constexpr):
    bc = tl.program_id(0)
    c = bc % C
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    pmask = offs < H * W
    y = offs // W
    x = offs % W
    acc = tl.zeros([BLOCK], dtype=tl.float32) + tl.load(b_ptr + c)
    for ky in tl.static_range(3):
        for kx in tl.static_range(3):
            yy = y + ky - 1
            xx = x + kx - 1
            valid = pmask & (yy >= 0) & (yy < H) & (xx < W)
            v = tl.load(x_ptr + bc * H * W + yy * W + xx, mask=valid, other=0.0)
            acc += v * tl.load(w_ptr + c * 9 + ky * 3 + kx)
    tl.store(out_ptr + bc * H * W + offs, acc, mask=pmask)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1, groups=channels, bias=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, c, h, w = x.shape
        out = torch.empty_like(x)
        BLOCK = 512
        dwconv_kernel[(b * c, triton.cdiv(h * w, BLOCK))](x, self.conv.weight.detach().contiguous(),
                                                         self.conv.bias.detach(), out, c, h, w, BLOCK=BLOCK)
        return out
