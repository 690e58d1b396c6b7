import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mse_partial_kernel(p_ptr, t_ptr, out_ptr, n, inv_n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    d = p - t
    partial = tl.sum(d * d, axis=0) * inv_n
    tl.store(out_ptr, partial)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        pred = pred.contiguous()
        target = target.contiguous()
        n = pred.numel()
        out = torch.zeros((), device=pred.device, dtype=torch.float32)
        BLOCK = 2048
        _mse_partial_kernel[(triton.cdiv(n, BLOCK),)](pred, target, out, n, 1.0 / n, BLOCK=BLOCK)
        return out
