import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _roll_row(x_ptr, y_ptr, n_cols, shift, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    j = tl.arange(0, BLOCK)
    mask = j < n_cols
    src = j - shift
    v = tl.load(x_ptr + row * n_cols + src, mask=mask & (src >= 0), other=0.0)
    tl.store(y_ptr + row * n_cols + j, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        _roll_row[(n_rows,)](x, y, n_cols, self.shift, BLOCK=triton.next_power_of_2(n_cols))
        return y
