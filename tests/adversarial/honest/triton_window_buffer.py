"""A windowed scale in Triton: the window is a buffer built once in __init__ by a module helper that
uses torch ops (clamp, cos); forward reads it as data and the kernel does the work (honest: like a
mel filterbank or a RoPE table built at construction)."""
import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


def _clipped_window(n: int) -> torch.Tensor:
    t = torch.arange(n, dtype=torch.float32)
    w = 0.5 - 0.5 * torch.cos(2.0 * math.pi * t / max(n - 1, 1))
    return torch.clamp(w, min=1e-3)


@triton.jit
def window_scale_kernel(x_ptr, w_ptr, y_ptr, rows, cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < cols
    x = tl.load(x_ptr + r * cols + c, mask=m, other=0.0)
    w = tl.load(w_ptr + c, mask=m, other=0.0)
    tl.store(y_ptr + r * cols + c, x * w, mask=m)


class ModelNew(nn.Module):
    def __init__(self, cols: int = 64):
        super().__init__()
        self.register_buffer("window", _clipped_window(cols))

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty_like(x)
        window_scale_kernel[(rows,)](x, self.window.contiguous(), y, rows, cols,
                                     BLOCK=triton.next_power_of_2(cols))
        return y
