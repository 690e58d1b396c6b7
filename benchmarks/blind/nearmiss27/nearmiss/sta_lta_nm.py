"""Classic STA/LTA ratio: trailing short and long windows summed tap by tap per (trace, sample block)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sta_lta_kernel(x_ptr, out_ptr, n, stride_x, stride_o, nsta, nlta, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    base = x_ptr + row * stride_x
    sta = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, nsta):
        v = tl.load(base + offs - j, mask=inside & (offs >= j), other=0.0)
        sta += v * v
    lta = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, nlta):
        v = tl.load(base + offs - j, mask=inside & (offs >= j), other=0.0)
        lta += v * v
    ratio = (sta / nsta) / tl.maximum(lta / nlta, 1e-30)
    ratio = tl.where(offs >= nsta - 1, ratio, 0.0)
    tl.store(out_ptr + row * stride_o + offs, ratio, mask=inside)


class ModelNew(nn.Module):
    def __init__(self, nsta: int, nlta: int):
        super().__init__()
        self.nsta = nsta
        self.nlta = nlta

    def forward(self, traces: torch.Tensor) -> torch.Tensor:
        x = traces.contiguous()
        b, n = x.shape
        out = torch.empty_like(x)
        BLOCK = 1024
        grid = (b, triton.cdiv(n, BLOCK))
        _sta_lta_kernel[grid](x, out, n, x.stride(0), out.stride(0), self.nsta, self.nlta, BLOCK=BLOCK)
        return out
