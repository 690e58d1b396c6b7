import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _cumsum_row(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    y = tl.cumsum(x, axis=0) - x
    tl.store(y_ptr + row * n_cols + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n_rows, n_cols = x.shape
        _cumsum_row[(n_rows,)](x, y, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return y
