"""Summed-area table in Triton: one program per image, the image held in one tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def integral_kernel(x_ptr, out_ptr, H, W, BH: tl.constexpr, BW: tl.constexpr):
    n = tl.program_id(0)
    r = tl.arange(0, BH)
    c = tl.arange(0, BW)
    mask = (r[:, None] < H) & (c[None, :] < W)
    x = tl.load(x_ptr + n * H * W + r[:, None] * W + c[None, :], mask=mask, other=0.0)
    s = tl.cumsum(tl.cumsum(x, axis=1), axis=1)
    W1 = W + 1
    tl.store(out_ptr + n * (H + 1) * W1 + (r[:, None] + 1) * W1 + c[None, :] + 1, s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, H, W = x.shape
        out = torch.zeros(N, H + 1, W + 1, device=x.device, dtype=x.dtype)
        integral_kernel[(N,)](x, out, H, W, BH=triton.next_power_of_2(H), BW=triton.next_power_of_2(W))
        return out
