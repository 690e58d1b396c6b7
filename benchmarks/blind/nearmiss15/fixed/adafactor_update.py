"""Triton Adafactor step: row and column second-moment kernels, a mean-of-rows kernel, a tiled kernel that
accumulates the squared norm of the unclipped update and a tiled kernel that writes the clipped step."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_moment_kernel(g_ptr, rs_ptr, row_ptr, R, C, beta, one_minus_beta, eps, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rm = rows < R
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, C, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        m = rm[:, None] & (cols < C)[None, :]
        g = tl.load(g_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        acc += tl.sum(tl.where(m, g * g + eps, 0.0), axis=1)
    rs = tl.load(rs_ptr + rows, mask=rm, other=0.0)
    tl.store(row_ptr + rows, beta * rs + one_minus_beta * (acc / C), mask=rm)


@triton.jit
def col_moment_kernel(g_ptr, cs_ptr, col_ptr, R, C, beta, one_minus_beta, eps, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cm = cols < C
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for r0 in range(0, R, BLOCK):
        rows = r0 + tl.arange(0, BLOCK)
        m = (rows < R)[:, None] & cm[None, :]
        g = tl.load(g_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        acc += tl.sum(tl.where(m, g * g + eps, 0.0), axis=0)
    cs = tl.load(cs_ptr + cols, mask=cm, other=0.0)
    tl.store(col_ptr + cols, beta * cs + one_minus_beta * (acc / R), mask=cm)


@triton.jit
def mean_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i0 in range(0, n, BLOCK):
        offs = i0 + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) / n)


@triton.jit
def _update(g, rn, cn, rmean):
    rf = tl.rsqrt(rn / rmean)
    cf = tl.rsqrt(cn)
    return g * rf[:, None] * cf[None, :]


@triton.jit
def update_sq_kernel(g_ptr, row_ptr, col_ptr, rmean_ptr, ss_ptr, R, C, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    rm = rows < R
    cm = cols < C
    m = rm[:, None] & cm[None, :]
    g = tl.load(g_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
    rn = tl.load(row_ptr + rows, mask=rm, other=1.0)
    cn = tl.load(col_ptr + cols, mask=cm, other=1.0)
    u = _update(g, rn, cn, tl.load(rmean_ptr))
    tl.atomic_add(ss_ptr, tl.sum(tl.sum(tl.where(m, u * u, 0.0), axis=1), axis=0))


@triton.jit
def apply_kernel(g_ptr, row_ptr, col_ptr, rmean_ptr, ss_ptr, out_ptr, R, C, sqrt_n, lr, clip, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    rm = rows < R
    cm = cols < C
    m = rm[:, None] & cm[None, :]
    g = tl.load(g_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
    rn = tl.load(row_ptr + rows, mask=rm, other=1.0)
    cn = tl.load(col_ptr + cols, mask=cm, other=1.0)
    u = _update(g, rn, cn, tl.load(rmean_ptr))
    rms = tl.sqrt(tl.load(ss_ptr)) / sqrt_n
    denom = tl.maximum(rms / clip, 1.0, propagate_nan=tl.PropagateNan.ALL)
    tl.store(out_ptr + rows[:, None] * C + cols[None, :], -lr * (u / denom), mask=m)


class ModelNew(nn.Module):
    def __init__(self, beta2=0.9, lr=1e-2, clip_threshold=1.0, eps=1e-30):
        super().__init__()
        self.beta2 = beta2
        self.lr = lr
        self.clip_threshold = clip_threshold
        self.eps = eps

    def forward(self, grad, row_state, col_state):
        grad = grad.contiguous()
        R, C = grad.shape
        dev = grad.device
        row = torch.empty(R, device=dev, dtype=torch.float32)
        col = torch.empty(C, device=dev, dtype=torch.float32)
        rmean = torch.empty(1, device=dev, dtype=torch.float32)
        ss = torch.zeros(1, device=dev, dtype=torch.float32)
        out = torch.empty_like(grad)
        BLOCK = 32
        b, omb, eps = float(self.beta2), float(1.0 - self.beta2), float(self.eps)
        row_moment_kernel[(triton.cdiv(R, BLOCK),)](grad, row_state.contiguous(), row, R, C, b, omb, eps, BLOCK=BLOCK)
        col_moment_kernel[(triton.cdiv(C, BLOCK),)](grad, col_state.contiguous(), col, R, C, b, omb, eps, BLOCK=BLOCK)
        mean_kernel[(1,)](row, rmean, R, BLOCK=256)
        tiles = (triton.cdiv(R, BLOCK), triton.cdiv(C, BLOCK))
        update_sq_kernel[tiles](grad, row, col, rmean, ss, R, C, BLOCK=BLOCK)
        apply_kernel[tiles](grad, row, col, rmean, ss, out, R, C, float(R * C) ** 0.5, float(self.lr),
                            float(self.clip_threshold),
                            BLOCK=BLOCK)
        return out
