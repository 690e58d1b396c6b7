"""Triton LayerNorm input gradient: one program per row recomputes the statistics and applies the
closed-form input gradient."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_bwd_kernel(x_ptr, dy_ptr, w_ptr, dx_ptr, n_cols, stride_x, stride_dy, stride_dx, eps,
                  BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    dy = tl.load(dy_ptr + row * stride_dy + cols, mask=mask, other=0.0)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    xhat = xc * rstd
    g = dy * w
    c1 = tl.sum(g, axis=0) / n_cols
    c2 = tl.sum(dy * xhat, axis=0) / n_cols
    dx = (g - c1 - xhat * c2) * rstd
    tl.store(dx_ptr + row * stride_dx + cols, dx, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.bias = nn.Parameter(0.1 * torch.randn(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor, grad_out: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        grad_out = grad_out.contiguous()
        n_rows, n_cols = x.shape
        dx = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(n_cols)
        ln_bwd_kernel[(n_rows,)](x, grad_out, self.weight, dx, n_cols, x.stride(0), grad_out.stride(0), dx.stride(0),
                                 self.eps, BLOCK=BLOCK)
        return dx
