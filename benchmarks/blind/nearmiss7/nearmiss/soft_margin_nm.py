import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softplus(z):
    return tl.log(1.0 + tl.exp(z))


@triton.jit
def soft_margin_kernel(x_ptr, y_ptr, out_ptr, numel, scale, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    offs = start + tl.arange(0, BLOCK)
    inb = offs < numel
    x = tl.load(x_ptr + offs, mask=inb, other=0.0)
    y = tl.load(y_ptr + offs, mask=inb, other=0.0)
    per_elem = _softplus(-y * x)
    per_elem = tl.where(inb, per_elem, 0.0)
    tl.atomic_add(out_ptr, tl.sum(per_elem) * scale)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        x = x.contiguous()
        y = y.contiguous()
        numel = x.numel()
        out = torch.zeros((), dtype=torch.float32, device=x.device)
        BLOCK = 2048
        soft_margin_kernel[(triton.cdiv(numel, BLOCK),)](x, y, out, numel, 1.0 / numel, BLOCK=BLOCK)
        return out
