import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _repeat_interleave_kernel(x_ptr, out_ptr, L, R, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    out_cols = L * R
    row = offs // out_cols
    col = offs % out_cols
    src = row * L + col % L
    v = tl.load(x_ptr + src, mask=mask, other=0.0)
    tl.store(out_ptr + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, repeats):
        super().__init__()
        self.repeats = repeats

    def forward(self, x):
        x = x.contiguous()
        b, L = x.shape
        out = torch.empty((b, L * self.repeats), device=x.device, dtype=x.dtype)
        total = out.numel()
        BLOCK = 1024
        _repeat_interleave_kernel[(triton.cdiv(total, BLOCK),)](x, out, L, self.repeats, total, BLOCK=BLOCK)
        return out
