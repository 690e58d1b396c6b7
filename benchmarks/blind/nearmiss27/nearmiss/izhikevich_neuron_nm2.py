"""Izhikevich neuron simulation: one lane per neuron stepping through time, storing the membrane potential every step."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

DT_MS = 0.5


@triton.jit
def _izh_kernel(p_ptr, i_ptr, out_ptr, n, steps, sp, si, so, dt, BLOCK: tl.constexpr):
    lanes = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n
    a = tl.load(p_ptr + lanes * sp + 0, mask=m, other=0.0)
    b = tl.load(p_ptr + lanes * sp + 1, mask=m, other=0.0)
    c = tl.load(p_ptr + lanes * sp + 2, mask=m, other=-65.0)
    d = tl.load(p_ptr + lanes * sp + 3, mask=m, other=0.0)
    v = tl.full([BLOCK], -65.0, dtype=tl.float32)
    u = b * v
    for t in range(0, steps):
        cur = tl.load(i_ptr + lanes * si + t, mask=m, other=0.0)
        fired = v >= 30.0
        v = tl.where(fired, c, v)
        u = tl.where(fired, u + d, u)
        dv = 0.04 * v * v + 5.0 * v + 140.0 - u + cur
        vn = v + dt * dv
        u = u + dt * a * (b * v - u)
        v = vn
        tl.store(out_ptr + lanes * so + t, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, params: torch.Tensor, current: torch.Tensor) -> torch.Tensor:
        p = params.contiguous()
        cur = current.contiguous()
        n, steps = cur.shape
        out = torch.empty_like(cur)
        BLOCK = 256
        _izh_kernel[(triton.cdiv(n, BLOCK),)](p, cur, out, n, steps, p.stride(0), cur.stride(0), out.stride(0), DT_MS,
                                              BLOCK=BLOCK)
        return out
