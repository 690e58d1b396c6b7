import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gnll_partial(mu_ptr, tgt_ptr, var_ptr, acc_ptr, n, inv_n, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    valid = offs < n
    mu = tl.load(mu_ptr + offs, mask=valid, other=0.0)
    t = tl.load(tgt_ptr + offs, mask=valid, other=0.0)
    v = tl.load(var_ptr + offs, mask=valid, other=1.0)
    v = tl.maximum(v, eps)
    d = mu - t
    loss = 0.5 * (tl.log(v) + d * d / v)
    loss = tl.where(valid, loss, 0.0)
    tl.atomic_add(acc_ptr, tl.sum(loss, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mean, target, var):
        mean = mean.contiguous()
        target = target.contiguous()
        var = var.contiguous()
        n = mean.numel()
        out = torch.zeros((), device=mean.device, dtype=torch.float32)
        BLOCK = 1024
        gnll_partial[(triton.cdiv(n, BLOCK),)](mean, target, var, out, n, 1.0 / n, 1e-6, BLOCK=BLOCK)
        return out
