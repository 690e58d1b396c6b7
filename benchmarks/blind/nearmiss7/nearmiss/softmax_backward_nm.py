import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_bwd_kernel(y_ptr, dy_ptr, dx_ptr, n_cols, y_stride, dy_stride, dx_stride,
                       BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n_cols
    y = tl.load(y_ptr + r * y_stride + c, mask=m, other=0.0)
    g = tl.load(dy_ptr + r * dy_stride + c, mask=m, other=0.0)
    s = tl.sum(g, axis=0)
    dx = y * (g - s)
    tl.store(dx_ptr + r * dx_stride + c, dx, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y, grad_out):
        n_rows, n_cols = y.shape
        dx = torch.empty_like(y)
        softmax_bwd_kernel[(n_rows,)](y, grad_out, dx, n_cols, y.stride(0), grad_out.stride(0), dx.stride(0),
                                      BLOCK=triton.next_power_of_2(n_cols))
        return dx
