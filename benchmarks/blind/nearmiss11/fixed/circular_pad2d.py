"""Circular 2-D padding in Triton: one program per (image, channel) plane, each output pixel
reading its wrapped source pixel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def circular_pad_kernel(x_ptr, out_ptr, H, W, OH, OW, pt, pl, BH: tl.constexpr, BW: tl.constexpr):
    plane = tl.program_id(0)
    oh = tl.arange(0, BH)
    ow = tl.arange(0, BW)
    mask = (oh[:, None] < OH) & (ow[None, :] < OW)
    sh = (oh - pt + H) % H
    sw = (ow - pl + W) % W
    v = tl.load(x_ptr + plane * H * W + sh[:, None] * W + sw[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + plane * OH * OW + oh[:, None] * OW + ow[None, :], v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, left: int, right: int, top: int, bottom: int):
        super().__init__()
        self.pads = (left, right, top, bottom)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        left, right, top, bottom = self.pads
        OH = H + top + bottom
        OW = W + left + right
        out = torch.empty(N, C, OH, OW, device=x.device, dtype=x.dtype)
        circular_pad_kernel[(N * C,)](x, out, H, W, OH, OW, top, left,
                                      BH=triton.next_power_of_2(OH), BW=triton.next_power_of_2(OW))
        return out
