"""Channel shuffle: one program per (image, output channel) and spatial block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def channel_shuffle_kernel(x_ptr, out_ptr, C, HW, groups, BLOCK: tl.constexpr):
    pid_nc = tl.program_id(0)
    pid = tl.program_id(1)
    n = pid_nc // C
    c = pid_nc % C
    cpg = C // groups
    src = (c % groups) * cpg + c // groups
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < HW
    v = tl.load(x_ptr + (n * C + src) * HW + offs, mask=mask)
    tl.store(out_ptr + (n * C + c) * HW + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, groups: int):
        super().__init__()
        self.groups = groups

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n, c, h, w = x.shape
        out = torch.empty_like(x)
        BLOCK = 64
        channel_shuffle_kernel[(n * c, triton.cdiv(h * w, BLOCK))](x, out, c, h * w, self.groups, BLOCK=BLOCK)
        return out
