import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _upsample2x_kernel(x_ptr, out_ptr, H, W, BLOCK: tl.constexpr):
    plane = tl.program_id(0)          # n * C + c
    blk = tl.program_id(1)
    OH = 2 * H
    OW = 2 * W
    offs = blk * BLOCK + tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    v = tl.load(x_ptr + plane * H * W + (oh // 2) * W + ow // 2, mask=mask, other=0.0)
    tl.store(out_ptr + plane * OH * OW + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n, c, h, w = x.shape
        out = torch.empty((n, c, 2 * h, 2 * w), device=x.device, dtype=x.dtype)
        BLOCK = 512
        grid = (n * c, triton.cdiv(4 * h * w, BLOCK))
        _upsample2x_kernel[grid](x, out, h, w, BLOCK=BLOCK)
        return out
