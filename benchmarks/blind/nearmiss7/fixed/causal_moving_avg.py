import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def causal_box_kernel(x_ptr, y_ptr, L, row_stride, W: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xr = x_ptr + row * row_stride
    yr = y_ptr + row * row_stride
    for start in range(0, L, BLOCK):
        t = start + tl.arange(0, BLOCK)
        acc = tl.zeros([BLOCK], dtype=tl.float32)
        for k in tl.static_range(W):
            src = t - k
            acc += tl.load(xr + src, mask=(src >= 0) & (src < L), other=0.0)
        tl.store(yr + t, acc / W, mask=t < L)


class ModelNew(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, x):
        x = x.contiguous()
        B, L = x.shape
        y = torch.empty_like(x)
        causal_box_kernel[(B,)](x, y, L, x.stride(0), W=self.window, BLOCK=128)
        return y
