"""Triton Rprop step writing the three updated tensors into one stacked output."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rprop_kernel(p_ptr, g_ptr, prev_ptr, s_ptr, out_ptr, n_elements, etaminus, etaplus, step_min, step_max,
                 BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    prev = tl.load(prev_ptr + offs, mask=mask, other=0.0)
    step = tl.load(s_ptr + offs, mask=mask, other=0.0)
    prod = g * prev
    fac = tl.where(prod > 0, etaplus, tl.where(prod < 0, etaminus, 1.0))
    step = tl.minimum(tl.maximum(step * fac, step_min), step_max)
    g = tl.where(prod < 0, 0.0, g)
    sgn = tl.where(g > 0, 1.0, tl.where(g < 0, -1.0, 0.0))
    p = p - sgn * step
    tl.store(out_ptr + offs, p, mask=mask)
    tl.store(out_ptr + n_elements + offs, step, mask=mask)
    tl.store(out_ptr + 2 * n_elements + offs, g, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, etaminus: float = 0.5, etaplus: float = 1.2, step_min: float = 1e-6, step_max: float = 50.0):
        super().__init__()
        self.etaminus = etaminus
        self.etaplus = etaplus
        self.step_min = step_min
        self.step_max = step_max

    def forward(self, param, grad, prev, step_size):
        param = param.contiguous()
        out = torch.empty((3,) + tuple(param.shape), dtype=param.dtype, device=param.device)
        n = param.numel()
        BLOCK = 1024
        rprop_kernel[(triton.cdiv(n, BLOCK),)](
            param, grad.contiguous(), prev.contiguous(), step_size.contiguous(), out, n,
            self.etaminus, self.etaplus, self.step_min, self.step_max, BLOCK=BLOCK,
        )
        return out
