import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _masked_fill_kernel(x_ptr, m_ptr, out_ptr, n, fill, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0)
    y = tl.where(m != 0, fill, x)
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, fill_value):
        super().__init__()
        self.fill_value = fill_value

    def forward(self, x, mask):
        x = x.contiguous()
        m = mask.contiguous().view(torch.uint8)
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        _masked_fill_kernel[(triton.cdiv(n, BLOCK),)](x, m, out, n, float(self.fill_value), BLOCK=BLOCK)
        return out
