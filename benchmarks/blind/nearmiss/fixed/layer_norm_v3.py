"""Triton LayerNorm forward: one program per row, two-pass mean/variance in fp32."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layer_norm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    y = diff * rstd * w + b
    tl.store(y_ptr + row * stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        n_cols = x.shape[-1]
        x2d = x.reshape(-1, n_cols).contiguous()
        y = torch.empty_like(x2d)
        BLOCK = triton.next_power_of_2(n_cols)
        layer_norm_kernel[(x2d.shape[0],)](x2d, weight, bias, y, x2d.stride(0), n_cols, self.eps, BLOCK=BLOCK)
        return y.view_as(x)
