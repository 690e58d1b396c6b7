import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _max_pool2d(x_ptr, y_ptr, H, W, OH, OW, BLOCK: tl.constexpr):
    # kernel 2, stride 2, padding 1; one program per (n, c) plane
    plane = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    oh = offs // OW
    ow = offs % OW
    out_mask = offs < OH * OW
    acc = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    for kh in range(2):
        for kw in range(2):
            ih = oh * 2 - 1 + kh
            iw = ow * 2 - 1 + kw
            ok = out_mask & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            v = tl.load(x_ptr + plane * H * W + ih * W + iw, mask=ok, other=0.0)
            acc = tl.maximum(acc, v)
    tl.store(y_ptr + plane * OH * OW + offs, acc, mask=out_mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        OH = (H + 2 - 2) // 2 + 1
        OW = (W + 2 - 2) // 2 + 1
        y = torch.empty(N, C, OH, OW, dtype=x.dtype, device=x.device)
        _max_pool2d[(N * C,)](x, y, H, W, OH, OW, BLOCK=triton.next_power_of_2(OH * OW))
        return y
