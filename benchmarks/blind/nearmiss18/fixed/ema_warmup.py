"""Triton EMA update with a warmup decay schedule."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ema_kernel(ema_ptr, p_ptr, out_ptr, n, decay, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    e = tl.load(ema_ptr + offs, mask=mask, other=0.0)
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, decay * e + (1.0 - decay) * p, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step, decay=0.9998, min_decay=0.0, gamma=1.0, power=0.75):
        super().__init__()
        self.step, self.decay, self.min_decay, self.gamma, self.power = step, decay, min_decay, gamma, power

    def forward(self, ema, param):
        d = 1.0 - (1.0 + self.step / self.gamma) ** -self.power
        d = max(min(d, self.decay), self.min_decay)
        ema, param = ema.contiguous(), param.contiguous()
        out = torch.empty_like(ema)
        n = ema.numel()
        BLOCK = 2048
        ema_kernel[(triton.cdiv(n, BLOCK),)](ema, param, out, n, d, BLOCK=BLOCK)
        return out
