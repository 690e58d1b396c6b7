import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _to_channels_last(x_ptr, y_ptr, C, H, W, s_n, s_c, s_h, s_w, BC: tl.constexpr, BW: tl.constexpr):
    # one program per (n, h) output row; the row is a (W, C) tile
    pid = tl.program_id(0)
    n = pid // H
    h = pid % H
    rw = tl.arange(0, BW)
    rc = tl.arange(0, BC)
    mask = (rw[:, None] < W) & (rc[None, :] < C)
    src = x_ptr + n * s_n + h * s_h + rw[:, None] * s_w + rc[None, :] * s_c
    v = tl.load(src, mask=mask, other=0.0)
    dst = y_ptr + ((n * H + h) * W + rw[:, None]) * C + rc[None, :]
    tl.store(dst, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        N, C, H, W = x.shape
        y = torch.empty(N, H, W, C, dtype=x.dtype, device=x.device)
        _to_channels_last[(N * H,)](x, y, C, H, W, x.stride(0), x.stride(1), x.stride(2), x.stride(3),
                                    BC=triton.next_power_of_2(C), BW=triton.next_power_of_2(W))
        return y
