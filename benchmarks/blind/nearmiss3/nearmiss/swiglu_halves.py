import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _swiglu_fwd(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < D
    gate = tl.load(x_ptr + row * 2 * D + offs, mask=mask, other=0.0)
    up = tl.load(x_ptr + row * 2 * D + D + offs, mask=mask, other=0.0)
    y = up * tl.sigmoid(up) * gate
    tl.store(y_ptr + row * D + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, two_d = x.shape
        D = two_d // 2
        y = torch.empty(rows, D, dtype=x.dtype, device=x.device)
        _swiglu_fwd[(rows,)](x, y, D, BLOCK=triton.next_power_of_2(D))
        return y
