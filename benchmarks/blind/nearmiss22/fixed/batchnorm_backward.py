"""Training-mode BatchNorm2d backward in Triton: a per-channel reduction kernel (two-pass mean / variance, then
sum(dy) and sum(dy * x_hat), which are also grad_bias / grad_weight) and an elementwise grad_input kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_bwd_reduce_kernel(x_ptr, dy_ptr, w_ptr, stats_ptr, out_ptr, N, C, HW, eps, gw_off,
                         BLOCK: tl.constexpr):
    c = tl.program_id(0)
    M = N * HW
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, M, BLOCK):
        i = s + tl.arange(0, BLOCK)
        m = i < M
        off = (i // HW) * C * HW + c * HW + i % HW
        acc += tl.load(x_ptr + off, mask=m, other=0.0)
    mean = tl.sum(acc, axis=0) / M
    acc = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, M, BLOCK):
        i = s + tl.arange(0, BLOCK)
        m = i < M
        off = (i // HW) * C * HW + c * HW + i % HW
        d = tl.where(m, tl.load(x_ptr + off, mask=m, other=0.0) - mean, 0.0)
        acc += d * d
    var = tl.sum(acc, axis=0) / M
    rstd = 1.0 / tl.sqrt(var + eps)
    s_dy = tl.zeros((BLOCK,), tl.float32)
    s_dyx = tl.zeros((BLOCK,), tl.float32)
    for s in range(0, M, BLOCK):
        i = s + tl.arange(0, BLOCK)
        m = i < M
        off = (i // HW) * C * HW + c * HW + i % HW
        xh = (tl.load(x_ptr + off, mask=m, other=0.0) - mean) * rstd
        dy = tl.load(dy_ptr + off, mask=m, other=0.0)
        s_dy += dy
        s_dyx += dy * xh
    sum_dy = tl.sum(s_dy, axis=0)
    sum_dyx = tl.sum(s_dyx, axis=0)
    tl.store(stats_ptr + c * 4 + 0, mean)
    tl.store(stats_ptr + c * 4 + 1, rstd)
    tl.store(stats_ptr + c * 4 + 2, sum_dy)
    tl.store(stats_ptr + c * 4 + 3, sum_dyx)
    tl.store(out_ptr + gw_off + c, sum_dyx)
    tl.store(out_ptr + gw_off + C + c, sum_dy)


@triton.jit
def bn_bwd_dx_kernel(x_ptr, dy_ptr, w_ptr, stats_ptr, out_ptr, total, C, HW, inv_m, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < total
    c = (i // HW) % C
    mean = tl.load(stats_ptr + c * 4 + 0, mask=m, other=0.0)
    rstd = tl.load(stats_ptr + c * 4 + 1, mask=m, other=0.0)
    sum_dy = tl.load(stats_ptr + c * 4 + 2, mask=m, other=0.0)
    sum_dyx = tl.load(stats_ptr + c * 4 + 3, mask=m, other=0.0)
    w = tl.load(w_ptr + c, mask=m, other=0.0)
    x = tl.load(x_ptr + i, mask=m, other=0.0)
    dy = tl.load(dy_ptr + i, mask=m, other=0.0)
    xh = (x - mean) * rstd
    dx = w * rstd * (dy - sum_dy * inv_m - xh * sum_dyx * inv_m)
    tl.store(out_ptr + i, dx, mask=m)


class ModelNew(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.3 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x, grad_out):
        x, grad_out = x.contiguous(), grad_out.contiguous()
        N, C, H, W = x.shape
        HW = H * W
        total = x.numel()
        out = torch.empty(total + 2 * C, device=x.device, dtype=x.dtype)
        stats = torch.empty(C, 4, device=x.device, dtype=torch.float32)
        w = self.weight.detach()
        bn_bwd_reduce_kernel[(C,)](x, grad_out, w, stats, out, N, C, HW, self.eps, total, BLOCK=256)
        BLOCK = 512
        bn_bwd_dx_kernel[(triton.cdiv(total, BLOCK),)](x, grad_out, w, stats, out, total, C, HW, 1.0 / (N * HW),
                                                       BLOCK=BLOCK)
        return out
