"""Debye heat capacity in Triton: (points x nodes) tiles, a loop over chunks of 16 Simpson nodes."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def debye_kernel(out_ptr, t_ptr, th_ptr, n, n_int, nine_r, BLOCK_P: tl.constexpr, BLOCK_K: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    mask = offs < n
    temp = tl.load(t_ptr + offs, mask=mask, other=1.0)
    theta = tl.load(th_ptr + offs, mask=mask, other=1.0)
    xd = theta / temp
    h = xd / n_int
    acc = tl.zeros([BLOCK_P], dtype=tl.float32)
    for start in range(0, n_int + 1, BLOCK_K):
        k = start + tl.arange(0, BLOCK_K)
        x = h[:, None] * k[None, :].to(tl.float32)
        em = tl.exp(-x)
        x2 = x * x
        f = tl.where(x > 0, x2 * x2 * em / ((1.0 - em) * (1.0 - em)), 0.0)
        w = tl.where(k % 2 == 0, 4.0, 2.0)
        w = tl.where((k == 0) | (k == n_int), 1.0, w)
        w = tl.where(k <= n_int, w, 0.0)
        acc += tl.sum(f * w[None, :], axis=1)
    t = temp / theta
    tl.store(out_ptr + offs, nine_r * t * t * t * (h / 3.0 * acc), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_intervals: int):
        super().__init__()
        self.num_intervals = num_intervals

    def forward(self, temperature, theta):
        temperature, theta = temperature.contiguous(), theta.contiguous()
        n = temperature.shape[0]
        out = torch.empty_like(temperature)
        BLOCK_P, BLOCK_K = 128, 16
        debye_kernel[(triton.cdiv(n, BLOCK_P),)](out, temperature, theta, n, self.num_intervals,
                                                 9.0 * 8.314462618, BLOCK_P=BLOCK_P, BLOCK_K=BLOCK_K)
        return out
