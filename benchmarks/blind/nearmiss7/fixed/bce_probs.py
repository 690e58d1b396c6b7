import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _clamped_log(v):
    return tl.maximum(tl.log(v), -100.0)


@triton.jit
def bce_kernel(p_ptr, t_ptr, out_ptr, total, inv_total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < total
    p = tl.load(p_ptr + offs, mask=m, other=0.5)
    t = tl.load(t_ptr + offs, mask=m, other=0.0)
    l = -(t * _clamped_log(p) + (1.0 - t) * _clamped_log(1.0 - p))
    l = tl.where(m, l, 0.0)
    tl.atomic_add(out_ptr, tl.sum(l, axis=0) * inv_total)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p, target):
        p = p.contiguous()
        target = target.contiguous()
        total = p.numel()
        out = torch.zeros((), device=p.device, dtype=torch.float32)
        BLOCK = 1024
        bce_kernel[(triton.cdiv(total, BLOCK),)](p, target, out, total, 1.0 / total, BLOCK=BLOCK)
        return out
