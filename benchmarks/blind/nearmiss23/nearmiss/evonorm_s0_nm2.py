"""Triton EvoNorm-S0: one program per (sample, group); a blocked mean / variance pass over the group's
contiguous channels, then a blocked pass applying the sigmoid gate, 1/std and the affine parameters."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def evonorm_kernel(x_ptr, w_ptr, b_ptr, v_ptr, out_ptr, C, HW, G, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    bi = pid // G
    g = pid % G
    cpg = C // G
    n = cpg * HW
    offs = tl.arange(0, BLOCK)
    s1 = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n, BLOCK):
        idx = start + offs
        c = g * cpg + idx // HW
        xv = tl.load(x_ptr + (bi * C + c) * HW + idx % HW, mask=idx < n, other=0.0)
        s1 += xv
    mean = tl.sum(s1, axis=0) / n
    s2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n, BLOCK):
        idx = start + offs
        c = g * cpg + idx // HW
        xv = tl.load(x_ptr + (bi * C + c) * HW + idx % HW, mask=idx < n, other=0.0)
        dv = tl.where(idx < n, xv - mean, 0.0)
        s2 += dv * dv
    rstd = 1.0 / tl.sqrt(tl.sum(s2, axis=0) / n + eps)
    for start in range(0, n, BLOCK):
        idx = start + offs
        mask = idx < n
        c = g * cpg + idx // HW
        ptr = (bi * C + c) * HW + idx % HW
        xv = tl.load(x_ptr + ptr, mask=mask, other=0.0)
        vv = tl.load(v_ptr + idx // HW, mask=mask, other=0.0)
        wv = tl.load(w_ptr + c, mask=mask, other=0.0)
        bv = tl.load(b_ptr + c, mask=mask, other=0.0)
        gate = xv / (1.0 + tl.exp(-vv * xv))
        tl.store(out_ptr + ptr, gate * rstd * wv + bv, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels, groups, eps=1e-5):
        super().__init__()
        self.groups, self.eps = groups, eps
        self.weight = nn.Parameter(1.0 + 0.2 * torch.randn(channels))
        self.bias = nn.Parameter(0.2 * torch.randn(channels))
        self.v = nn.Parameter(1.0 + 0.3 * torch.randn(channels))

    def forward(self, x):
        x = x.contiguous()
        b, c, h, w = x.shape
        out = torch.empty_like(x)
        evonorm_kernel[(b * self.groups,)](x, self.weight.detach().contiguous(), self.bias.detach().contiguous(),
                                           self.v.detach().contiguous(), out, c, h * w, self.groups, self.eps,
                                           BLOCK=64)
        return out
