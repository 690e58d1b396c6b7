"""Gray-code decode in Triton: prefix XOR of each word by halving shifts."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gray_decode_kernel(g_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(g_ptr + offs, mask=mask, other=0)
    u = x.to(tl.uint32, bitcast=True)
    u = u ^ (u >> 16)
    u = u ^ (u >> 8)
    u = u ^ (u >> 4)
    u = u ^ (u >> 2)
    u = u ^ (u >> 1)
    tl.store(out_ptr + offs, u.to(tl.int32, bitcast=True), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, g: torch.Tensor) -> torch.Tensor:
        g = g.contiguous()
        out = torch.empty_like(g)
        n = g.numel()
        BLOCK = 512
        _gray_decode_kernel[(triton.cdiv(n, BLOCK),)](g, out, n, BLOCK=BLOCK)
        return out
