import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _residual_gate_kernel(x_ptr, g_ptr, r_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    r = tl.load(r_ptr + offs, mask=mask, other=0.0)
    gate = 1.0 / (1.0 + tl.exp(-g))
    tl.store(out_ptr + offs, r + gate * x, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, gate, residual):
        x = x.contiguous()
        gate = gate.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        _residual_gate_kernel[(triton.cdiv(n, BLOCK),)](x, gate, residual, out, n, BLOCK=BLOCK)
        return out
