"""Triton polyphase interpolator: every output sample is computed from its own filter phase and the input samples at
or before it; zero-stuffed samples are never touched."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def polyphase_kernel(x_ptr, h_ptr, y_ptr, N, M, Q, x_stride, y_stride, gain,
                     L: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mmask = m < M
    r = m % L
    q = m // L
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for j in range(0, Q):
        hv = tl.load(h_ptr + r * Q + j, mask=mmask, other=0.0)
        xv = tl.load(x_ptr + row * x_stride + q - j, mask=mmask & (q - j >= 0), other=0.0)
        acc += hv * xv
    tl.store(y_ptr + row * y_stride + m, acc * gain, mask=mmask)


class ModelNew(nn.Module):
    def __init__(self, factor: int):
        super().__init__()
        self.factor = factor

    def forward(self, x: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        h = h.contiguous()
        B, N = x.shape
        M = N * self.factor
        Q = h.shape[0] // self.factor
        y = torch.empty(B, M, device=x.device, dtype=x.dtype)
        BLOCK = 256
        polyphase_kernel[(B, triton.cdiv(M, BLOCK))](x, h, y, N, M, Q, x.stride(0), y.stride(0), float(self.factor),
                                                     L=self.factor, BLOCK=BLOCK)
        return y
