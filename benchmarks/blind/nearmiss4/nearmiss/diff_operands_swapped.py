import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _diff_kernel(x_ptr, out_ptr, L, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    OL = L - 1
    row = offs // OL
    col = offs % OL
    cur = tl.load(x_ptr + row * L + col, mask=mask, other=0.0)
    nxt = tl.load(x_ptr + row * L + col + 1, mask=mask, other=0.0)
    tl.store(out_ptr + offs, cur - nxt, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        b, L = x.shape
        out = torch.empty((b, L - 1), device=x.device, dtype=x.dtype)
        total = out.numel()
        BLOCK = 1024
        _diff_kernel[(triton.cdiv(total, BLOCK),)](x, out, L, total, BLOCK=BLOCK)
        return out
