import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def quant_u8_rows(x_ptr, q_ptr, n_cols, stride_x, stride_q, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    xrow = x_ptr + row * stride_x
    lo = tl.full([BLOCK], float("inf"), tl.float32)
    hi = tl.full([BLOCK], float("-inf"), tl.float32)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        ok = cols < n_cols
        lo = tl.minimum(lo, tl.load(xrow + cols, mask=ok, other=float("inf")))
        hi = tl.maximum(hi, tl.load(xrow + cols, mask=ok, other=float("-inf")))
    row_lo = tl.min(lo, axis=0)
    row_hi = tl.max(hi, axis=0)
    scale = tl.maximum((row_hi - row_lo) / 255.0, 1e-8)
    zp = tl.floor(-row_lo / scale + 0.5)
    for c0 in range(0, n_cols, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        ok = cols < n_cols
        v = tl.load(xrow + cols, mask=ok, other=0.0)
        q = tl.floor(v / scale + 0.5) + zp
        q = tl.minimum(tl.maximum(q, 0.0), 255.0)
        tl.store(q_ptr + row * stride_q + cols, q.to(tl.uint8), mask=ok)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        q = torch.empty((R, C), device=x.device, dtype=torch.int8)
        quant_u8_rows[(R,)](x, q, C, x.stride(0), q.stride(0), BLOCK=256)
        return q
