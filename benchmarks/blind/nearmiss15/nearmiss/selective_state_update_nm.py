"""Triton selective state update (Mamba decoding step): one program per (batch row, block of channels),
looping over the state dimension in chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ssu_kernel(state_ptr, x_ptr, dt_ptr, b_ptr, c_ptr, z_ptr, alog_ptr, d_ptr, dtb_ptr, y_ptr,
               dim, dstate, BLOCK_D: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    offs_d = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    md = offs_d < dim
    x = tl.load(x_ptr + b * dim + offs_d, mask=md, other=0.0)
    v = tl.load(dt_ptr + b * dim + offs_d, mask=md, other=0.0) + tl.load(dtb_ptr + offs_d, mask=md, other=0.0)
    dt = tl.log(1.0 + tl.exp(v))
    dtx = dt * x
    acc = tl.zeros([BLOCK_D], dtype=tl.float32)
    for n0 in range(0, dstate, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)
        mn = offs_n < dstate
        m2 = md[:, None] & mn[None, :]
        s = tl.load(state_ptr + (b * dim + offs_d[:, None]) * dstate + offs_n[None, :], mask=m2, other=0.0)
        a = -tl.exp(tl.load(alog_ptr + offs_d[:, None] * dstate + offs_n[None, :], mask=m2, other=0.0))
        bv = tl.load(b_ptr + b * dstate + offs_n, mask=mn, other=0.0)
        cv = tl.load(c_ptr + b * dstate + offs_n, mask=mn, other=0.0)
        s = s * tl.exp(dt[:, None] * a) + dtx[:, None] * bv[None, :]
        acc += tl.sum(tl.where(m2, s * cv[None, :], 0.0), axis=1)
    dskip = tl.load(d_ptr + offs_d, mask=md, other=0.0)
    z = tl.load(z_ptr + b * dim + offs_d, mask=md, other=0.0)
    y = (acc + dskip * x) * (z * tl.sigmoid(z))
    tl.store(y_ptr + b * dim + offs_d, y, mask=md)


class ModelNew(nn.Module):
    def __init__(self, dim, dstate):
        super().__init__()
        self.A_log = nn.Parameter(torch.randn(dim, dstate) * 0.5)
        self.D = nn.Parameter(torch.randn(dim))
        self.dt_bias = nn.Parameter(torch.randn(dim) * 0.5)

    def forward(self, state, x, dt, B, C, z):
        state, x, dt, B, C, z = (t.contiguous() for t in (state, x, dt, B, C, z))
        batch, dim = x.shape
        dstate = state.shape[2]
        y = torch.empty_like(x)
        BLOCK_D = 32
        BLOCK_N = min(triton.next_power_of_2(dstate), 32)
        grid = (batch, triton.cdiv(dim, BLOCK_D))
        ssu_kernel[grid](state, x, dt, B, C, z, self.A_log.detach(), self.D.detach(), self.dt_bias.detach(), y,
                         dim, dstate, BLOCK_D=BLOCK_D, BLOCK_N=BLOCK_N)
        return y
