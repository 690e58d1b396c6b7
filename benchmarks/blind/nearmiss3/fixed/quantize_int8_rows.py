import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _quant_row(x_ptr, q_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    scale = tl.max(tl.abs(x), axis=0) / 127.0
    v = x / scale
    r = tl.floor(v + 0.5)  # round to nearest
    r = tl.minimum(tl.maximum(r, -127.0), 127.0)
    tl.store(q_ptr + row * n_cols + cols, r.to(tl.int8), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        q = torch.empty(n_rows, n_cols, dtype=torch.int8, device=x.device)
        _quant_row[(n_rows,)](x, q, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return q
