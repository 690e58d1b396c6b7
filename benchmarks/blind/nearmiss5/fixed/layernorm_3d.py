"""LayerNorm (no affine) over the last dim of a 3-D tensor: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(x_ptr, out_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    tl.store(out_ptr + row * stride + cols, d * tl.rsqrt(var + eps), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        d = x.shape[-1]
        x2 = x.view(-1, d)
        out = torch.empty_like(x2)
        layernorm_kernel[(x2.shape[0],)](x2, out, d, x2.stride(0), self.eps, BLOCK=triton.next_power_of_2(d))
        return out.view(x.shape)
