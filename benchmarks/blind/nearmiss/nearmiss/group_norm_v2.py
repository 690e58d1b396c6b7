"""Triton GroupNorm forward for contiguous NCHW input: one program per (sample, group); the
group's channels are contiguous in memory and are normalised as one block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def group_norm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, group_numel, hw, cpg, n_groups, eps,
                      BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    g = pid % n_groups
    offs = tl.arange(0, BLOCK)
    mask = offs < group_numel
    base = pid.to(tl.int64) * group_numel
    x = tl.load(x_ptr + base + offs, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / group_numel
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / group_numel
    rstd = tl.rsqrt(var + eps)
    ch = g * cpg + offs % cpg
    w = tl.load(w_ptr + ch, mask=mask, other=0.0)
    b = tl.load(b_ptr + ch, mask=mask, other=0.0)
    tl.store(y_ptr + base + offs, d * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_groups: int = 8, eps: float = 1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n, c, h, w = x.shape
        cpg = c // self.num_groups
        group_numel = cpg * h * w
        y = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(group_numel)
        group_norm_kernel[(n * self.num_groups,)](x, weight, bias, y, group_numel, h * w, cpg,
                                                  self.num_groups, self.eps, BLOCK=BLOCK)
        return y
