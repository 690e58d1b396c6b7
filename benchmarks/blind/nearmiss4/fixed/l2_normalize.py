import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _l2norm_kernel(x_ptr, out_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    ss = tl.sum(x * x, axis=0)
    norm = tl.sqrt(ss)
    y = x / tl.maximum(norm, eps)
    tl.store(out_ptr + row * n_cols + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        _l2norm_kernel[(n_rows,)](x, out, n_cols, float(self.eps), BLOCK=triton.next_power_of_2(n_cols))
        return out
