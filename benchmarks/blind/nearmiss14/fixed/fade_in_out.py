"""Triton linear fade-in / fade-out: 2-D grid of (waveform, sample block), gains from the sample index."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fade_kernel(x_ptr, out_ptr, L, fin, fout, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    i = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = i < L
    x = tl.load(x_ptr + row * L + i, mask=m, other=0.0)
    fi = i.to(tl.float32)
    g_in = tl.where(i < fin, fi / (fin - 1), 1.0)
    g_out = tl.where(i >= L - fout, (L - 1 - fi) / (fout - 1), 1.0)
    tl.store(out_ptr + row * L + i, x * g_in * g_out, mask=m)


class ModelNew(nn.Module):
    def __init__(self, fade_in_len: int, fade_out_len: int):
        super().__init__()
        self.fade_in_len = fade_in_len
        self.fade_out_len = fade_out_len

    def forward(self, x):
        x = x.contiguous()
        B, L = x.shape
        out = torch.empty_like(x)
        BLOCK = 128
        fade_kernel[(B, triton.cdiv(L, BLOCK))](x, out, L, self.fade_in_len, self.fade_out_len, BLOCK=BLOCK)
        return out
