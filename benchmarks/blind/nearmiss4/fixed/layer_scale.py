import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _layer_scale_kernel(x_ptr, r_ptr, g_ptr, out_ptr, n, D, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = tl.load(r_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs % D, mask=mask, other=0.0)
    tl.store(out_ptr + offs, r + g * x, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.randn(dim) * 0.1)

    def forward(self, x, residual):
        x = x.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        grid = (triton.cdiv(n, BLOCK),)
        _layer_scale_kernel[grid](x, residual, self.gamma, out, n, x.shape[-1], BLOCK=BLOCK)
        return out
