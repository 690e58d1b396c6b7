"""Triton switchable normalization: per-(sample, channel) plane statistics, then one program per plane that mixes
instance, layer and batch statistics and normalizes."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def plane_stats_kernel(x_ptr, mean_ptr, var_ptr, HW, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < HW
    v = tl.load(x_ptr + pid * HW + offs, mask=m, other=0.0)
    mean = tl.sum(v, axis=0) / HW
    dv = tl.where(m, v - mean, 0.0)
    tl.store(mean_ptr + pid, mean)
    tl.store(var_ptr + pid, tl.sum(dv * dv, axis=0) / (HW - 1))


@triton.jit
def _softmax3(ptr):
    i = tl.arange(0, 4)
    v = tl.load(ptr + i, mask=i < 3, other=float("-inf"))
    e = tl.exp(v - tl.max(v, axis=0))
    e = e / tl.sum(e, axis=0)
    w0 = tl.sum(tl.where(i == 0, e, 0.0), axis=0)
    w1 = tl.sum(tl.where(i == 1, e, 0.0), axis=0)
    w2 = tl.sum(tl.where(i == 2, e, 0.0), axis=0)
    return w0, w1, w2


@triton.jit
def switch_norm_kernel(x_ptr, mean_ptr, var_ptr, w_ptr, b_ptr, mw_ptr, vw_ptr, out_ptr, N, C, HW, s_n, s_c, EPS,
                       BLOCK_HW: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_N: tl.constexpr):
    n = tl.program_id(0)
    c = tl.program_id(1)
    cc = tl.arange(0, BLOCK_C)
    ccm = cc < C
    nn_ = tl.arange(0, BLOCK_N)
    nnm = nn_ < N
    m_row = tl.load(mean_ptr + n * s_n + cc * s_c, mask=ccm, other=0.0)
    v_row = tl.load(var_ptr + n * s_n + cc * s_c, mask=ccm, other=0.0)
    m_col = tl.load(mean_ptr + nn_ * s_n + c * s_c, mask=nnm, other=0.0)
    v_col = tl.load(var_ptr + nn_ * s_n + c * s_c, mask=nnm, other=0.0)
    m_in = tl.load(mean_ptr + n * s_n + c * s_c)
    v_in = tl.load(var_ptr + n * s_n + c * s_c)
    mean_ln = tl.sum(m_row, axis=0) / C
    var_ln = tl.sum(v_row + m_row * m_row, axis=0) / C
    mean_bn = tl.sum(m_col, axis=0) / N
    var_bn = tl.sum(v_col + m_col * m_col, axis=0) / N - mean_bn * mean_bn
    mw0, mw1, mw2 = _softmax3(mw_ptr)
    vw0, vw1, vw2 = _softmax3(vw_ptr)
    mean = mw0 * m_in + mw1 * mean_ln + mw2 * mean_bn
    var = vw0 * v_in + vw1 * var_ln + vw2 * var_bn
    inv = 1.0 / tl.sqrt(var + EPS)
    gamma = tl.load(w_ptr + c)
    beta = tl.load(b_ptr + c)
    hw = tl.arange(0, BLOCK_HW)
    hm = hw < HW
    base = (n * C + c) * HW
    v = tl.load(x_ptr + base + hw, mask=hm, other=0.0)
    tl.store(out_ptr + base + hw, (v - mean) * inv * gamma + beta, mask=hm)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(num_features))
        self.bias = nn.Parameter(0.1 * torch.randn(num_features))
        self.mean_weight = nn.Parameter(torch.randn(3))
        self.var_weight = nn.Parameter(torch.randn(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n, c, h, w = x.shape
        hw = h * w
        means = torch.empty(n, c, device=x.device, dtype=x.dtype)
        variances = torch.empty(n, c, device=x.device, dtype=x.dtype)
        BLOCK_HW = triton.next_power_of_2(hw)
        plane_stats_kernel[(n * c,)](x, means, variances, hw, BLOCK=BLOCK_HW)
        out = torch.empty_like(x)
        switch_norm_kernel[(n, c)](x, means, variances, self.weight.detach(), self.bias.detach(),
                                   self.mean_weight.detach(), self.var_weight.detach(), out, n, c, hw,
                                   means.stride(0), means.stride(1), self.eps, BLOCK_HW=BLOCK_HW,
                                   BLOCK_C=triton.next_power_of_2(c), BLOCK_N=triton.next_power_of_2(n))
        return out
