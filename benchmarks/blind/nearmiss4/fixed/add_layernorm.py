import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _add_ln_kernel(x_ptr, r_ptr, w_ptr, b_ptr, out_ptr, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    r = tl.load(r_ptr + row * N + cols, mask=mask, other=0.0)
    h = x + r
    mean = tl.sum(h, axis=0) / N
    hc = tl.where(mask, h - mean, 0.0)
    var = tl.sum(hc * hc, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * N + cols, hc * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden) * 0.5 + 1.0)
        self.bias = nn.Parameter(torch.randn(hidden) * 0.1)
        self.eps = eps

    def forward(self, x, residual):
        x = x.contiguous()
        residual = residual.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        _add_ln_kernel[(n_rows,)](x, residual, self.weight, self.bias, out, n_cols, float(self.eps),
                                  BLOCK=triton.next_power_of_2(n_cols))
        return out
