import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _absmax_norm_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    amax = tl.max(tl.abs(x), axis=0)
    tl.store(out_ptr + row * N + cols, x / amax, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(n_cols)
        _absmax_norm_kernel[(n_rows,)](x, out, n_cols, BLOCK=BLOCK)
        return out
