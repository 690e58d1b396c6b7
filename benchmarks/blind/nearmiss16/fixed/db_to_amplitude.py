"""dB to amplitude in Triton via a base-2 exponential."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def db_to_amp_kernel(x_ptr, out_ptr, n, ref, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = ref * tl.exp2(x * scale * 3.321928094887362)
    tl.store(out_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, ref=1.0, power=0.5):
        super().__init__()
        self.ref = ref
        self.power = power

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        db_to_amp_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, self.ref, 0.1 * self.power, BLOCK=BLOCK)
        return out
