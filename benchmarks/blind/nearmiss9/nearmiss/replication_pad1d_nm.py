"""Replication padding of the last dimension in Triton: 2-D grid over (row, output block)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def replication_pad_kernel(x_ptr, out_ptr, L, OL, PL, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    o = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = o < OL
    src = tl.minimum(tl.maximum(o - PL, 0), L)
    v = tl.load(x_ptr + row * L + src, mask=mask, other=0.0)
    tl.store(out_ptr + row * OL + o, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, pad_left: int, pad_right: int):
        super().__init__()
        self.pad = (pad_left, pad_right)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, c, n = x.shape
        on = n + self.pad[0] + self.pad[1]
        out = torch.empty((b, c, on), dtype=x.dtype, device=x.device)
        BLOCK = 128
        replication_pad_kernel[(b * c, triton.cdiv(on, BLOCK))](x, out, n, on, self.pad[0], BLOCK=BLOCK)
        return out
