import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rope_half_kernel(x_ptr, cos_ptr, sin_ptr, out_ptr, S, H, D, HALF: tl.constexpr):
    row = tl.program_id(0)            # ((b * S) + s) * H + h
    pos = (row // H) % S
    i = tl.arange(0, HALF)
    x1 = tl.load(x_ptr + row * D + i)
    x2 = tl.load(x_ptr + row * D + HALF + i)
    c = tl.load(cos_ptr + pos * D + i)
    s = tl.load(sin_ptr + pos * D + i)
    tl.store(out_ptr + row * D + i, x1 * c - x2 * s)
    tl.store(out_ptr + row * D + HALF + i, x2 * c + x1 * s)


class ModelNew(nn.Module):
    def __init__(self, head_dim, max_len):
        super().__init__()
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2).float() / head_dim))
        ang = torch.arange(max_len).float()[:, None] * inv_freq[None, :]
        ang = torch.cat([ang, ang], dim=-1)
        self.register_buffer("cos", ang.cos())
        self.register_buffer("sin", ang.sin())

    def forward(self, x):
        x = x.contiguous()
        b, s, h, d = x.shape
        out = torch.empty_like(x)
        _rope_half_kernel[(b * s * h,)](x, self.cos, self.sin, out, s, h, d, HALF=d // 2)
        return out
